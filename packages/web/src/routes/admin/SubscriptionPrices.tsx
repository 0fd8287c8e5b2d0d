// The price form's subscriptions: a ticked box per subscription model of the store (offer the product with it)
// and its unit price in each price book. Part of the price form (the fields post with it).
import type { AdminPriceBook, AdminSellingModel, ProductPrices } from '@store/core';
import { TextField } from '../../components/ui/TextField.tsx';
import { termsLabel } from './selling-model-form.ts';
import { offerName, subscriptionPriceName } from './subscription-price-form.ts';
import { CheckField } from './workspace-ui.tsx';

export function SubscriptionPrices({
  books,
  models,
  offered,
  prices,
  errors,
}: {
  books: readonly AdminPriceBook[];
  models: readonly AdminSellingModel[];
  offered: readonly string[];
  prices: ProductPrices;
  errors: Record<string, string>;
}) {
  const subscriptions = models.filter((m) => m.sellingModelType !== 'OneTime');
  if (!subscriptions.length) return null;
  return (
    <fieldset className="workspace__book">
      <legend>Subscriptions</legend>
      <p>Tick a selling model to offer the product with it, and price it in the books that sell it.</p>
      {subscriptions.map((m) => (
        <fieldset key={m.id} className="workspace__book">
          <legend>{m.name}</legend>
          <CheckField
            id={offerName(m.id)}
            name={offerName(m.id)}
            value="on"
            label={`Offer with ${m.name} (${termsLabel(m)})`}
            defaultChecked={offered.includes(m.id)}
          />
          {books.map((book) => {
            const name = subscriptionPriceName(book.id, m.id);
            const entry = prices.entries.find((e) => e.priceBookId === book.id && e.sellingModelId === m.id);
            return (
              <TextField
                key={book.id}
                form="prices"
                name={name}
                label={`${m.name} price (${book.name})`}
                defaultValue={entry?.unitPrice ?? ''}
                inputMode="decimal"
                error={errors[name]}
              />
            );
          })}
        </fieldset>
      ))}
    </fieldset>
  );
}
