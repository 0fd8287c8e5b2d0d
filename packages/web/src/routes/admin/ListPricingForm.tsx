// A dataset's per-record pricing in the workspace (issue 19): the price per 1,000 records, the minimum order and
// volume tiers ("from N records: X per 1,000", one a line) a buyer's selection of the dataset is priced by. Empty
// fields mean the default derived from the dataset's price, which the form shows; "Use the default" returns to it.
// Checked here with the server's own rule (core listPricingProblem); the server has the last word.

import { listPricingProblem, type DatasetListPricingSetting, type ListPricing } from '@store/core';
import type { WorkspaceCalls } from '@store/client/workspace';
import { useRef } from 'react';
import { Form } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { errorMessage } from '../../lib/errors.ts';

export const LIST_PRICING_INTENT = 'listPricing';
export const LIST_PRICING_SAVED = 'The per-record pricing has been saved.';
export const LIST_PRICING_RESET = 'The per-record pricing is back to the default.';

export interface ListPricingResult {
  intent: typeof LIST_PRICING_INTENT;
  formError?: string;
  savedMessage?: string;
  typed?: ListPricingFields;
}

export interface ListPricingFields {
  per1000: string;
  minimum: string;
  /** "500: 40.00" a line. */
  tiers: string;
}

export const tiersText = (p: ListPricing | null): string =>
  (p?.tiers ?? []).map((t) => `${t.fromRecords}: ${t.per1000}`).join('\n');

/** The form's pricing, or the problem with it. */
export function listPricingOf(fields: ListPricingFields): { pricing: ListPricing } | { problem: string } {
  const tiers: ListPricing['tiers'] = [];
  for (const [i, line] of fields.tiers.split('\n').entries()) {
    if (!line.trim()) continue;
    const m = line.trim().match(/^(\d+)\s*:\s*(\S+)$/);
    if (!m) return { problem: `Tier line ${i + 1}: write "records: price per 1,000", like "500: 40.00".` };
    tiers.push({ fromRecords: Number(m[1]), per1000: m[2]! });
  }
  const pricing = { per1000: fields.per1000.trim(), minimum: fields.minimum.trim(), tiers };
  const problem = listPricingProblem(pricing);
  return problem ? { problem } : { pricing };
}

/** The action half: reset, or checked here and then saved; the server's refusal is the form's. */
export async function saveListPricing(
  w: WorkspaceCalls,
  productId: string,
  form: FormData,
): Promise<ListPricingResult> {
  const intent = LIST_PRICING_INTENT;
  try {
    if (form.get('reset') === '1') {
      await w.setListPricing(productId, null);
      return { intent, savedMessage: LIST_PRICING_RESET };
    }
    const typed = {
      per1000: String(form.get('per1000') ?? ''),
      minimum: String(form.get('minimum') ?? ''),
      tiers: String(form.get('tiers') ?? ''),
    };
    const checked = listPricingOf(typed);
    if ('problem' in checked) return { intent, formError: checked.problem, typed };
    try {
      await w.setListPricing(productId, checked.pricing);
    } catch (error) {
      return { intent, formError: errorMessage(error), typed };
    }
    return { intent, savedMessage: LIST_PRICING_SAVED };
  } catch (error) {
    return { intent, formError: errorMessage(error) };
  }
}

export function ListPricingForm({
  setting,
  result,
  busy,
}: {
  setting: DatasetListPricingSetting;
  result?: ListPricingResult;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'list-pricing-error');
  const own = setting.listPricing;
  const def = setting.defaultListPricing;
  const values = result?.typed ?? {
    per1000: own?.per1000 ?? '',
    minimum: own?.minimum ?? '',
    tiers: tiersText(own),
  };
  const currency = setting.currencyIsoCode;
  return (
    <section aria-labelledby="list-pricing-title">
      <h2 id="list-pricing-title">Per-record pricing</h2>
      <p>
        What a buyer pays for a selection of this dataset's records (the list builder), in {currency}. A selection never
        costs more than the whole dataset.
      </p>
      <p data-testid="list-pricing-default">
        {def
          ? `${own ? 'Without your pricing' : 'Now'}, the default applies: ${def.per1000} per 1,000 records, minimum ${def.minimum}${def.tiers.length ? `; ${def.tiers.map((t) => `from ${t.fromRecords.toLocaleString('en-US')} records ${t.per1000}`).join(', ')}` : ''} (derived from the price ${setting.wholePrice} for ${setting.records?.toLocaleString('en-US') ?? 'no'} records).`
          : 'The dataset has no price yet, so there is no default.'}
      </p>
      <FormAlert id="list-pricing-error" message={result?.formError} />
      <FormAlert id="list-pricing-saved" message={result?.savedMessage ?? null} tone="success" />
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="list-pricing-title">
        <input type="hidden" name="intent" value={LIST_PRICING_INTENT} />
        <TextField
          form="list-pricing"
          name="per1000"
          label="Price per 1,000 records"
          hint={def ? `Default: ${def.per1000}` : undefined}
          inputMode="decimal"
          defaultValue={values.per1000}
        />
        <TextField
          form="list-pricing"
          name="minimum"
          label="Minimum order"
          hint={def ? `Default: ${def.minimum}` : undefined}
          inputMode="decimal"
          defaultValue={values.minimum}
        />
        <div className="field">
          <label htmlFor="list-pricing-tiers">Volume tiers</label>
          <p id="list-pricing-tiers-hint" className="field__hint">
            One a line: from how many records, then the price per 1,000, like "500: 40.00".
          </p>
          <textarea
            id="list-pricing-tiers"
            name="tiers"
            rows={3}
            aria-describedby="list-pricing-tiers-hint"
            defaultValue={values.tiers}
          />
        </div>
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save per-record pricing
        </button>
        {own ? (
          <button type="submit" name="reset" value="1" className="btn btn--secondary" aria-disabled={busy || undefined}>
            Use the default
          </button>
        ) : null}
      </Form>
    </section>
  );
}
