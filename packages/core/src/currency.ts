// Which currency to request prices in (spec 01 §4 "Currency choice").
import type { ApplicationContext } from './wire.ts';

export type CurrencyContext = Pick<
  ApplicationContext,
  'sessionDrivenCurrency' | 'supportedCurrencies' | 'defaultCurrency'
> & {
  markets?: ReadonlyArray<{ localeCurrencyMap: Readonly<Record<string, string>> }> | null;
};

/** Locale keys come as "en-US" or the platform's "en_US"; try both spellings. */
function mappedCurrency(ctx: CurrencyContext, locale: string | null | undefined): string | null {
  if (!locale) return null;
  const keys = [locale, locale.replace(/-/g, '_'), locale.replace(/_/g, '-')];
  for (const market of ctx.markets ?? []) {
    for (const key of keys) {
      const currency = market.localeCurrencyMap[key];
      if (currency) return currency;
    }
  }
  return null;
}

/**
 * The currency to send, in the spec's order:
 * 1. none (null) when the session drives the currency: the server decides, so we must not override it;
 * 2. the only supported currency when there is just one;
 * 3. the locale's mapped currency when it is supported;
 * 4. otherwise the default currency.
 * Codes compare case-insensitively; the supported list's spelling is returned.
 */
export function chooseCurrency(ctx: CurrencyContext, locale?: string | null): string | null {
  if (ctx.sessionDrivenCurrency) return null;
  const supported = ctx.supportedCurrencies ?? [];
  if (supported.length === 1) return supported[0]!;
  const mapped = mappedCurrency(ctx, locale);
  const match = mapped ? supported.find((c) => c.toUpperCase() === mapped.toUpperCase()) : undefined;
  return match ?? ctx.defaultCurrency;
}
