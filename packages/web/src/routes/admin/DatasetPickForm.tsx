// An ordered list of datasets the seller picks (the store's featured datasets, a product's related datasets):
// the list as it stands, in order, and a field of SKUs (or product ids) in the wanted order that replaces it.

import type { PickedProduct } from '@store/core';
import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';

export interface PickResult {
  intent: string;
  fieldError?: string;
  formError?: string;
  savedMessage?: string;
  /** What was typed, shown again with its message. */
  typed?: string;
}

export function DatasetPickForm({
  id,
  title,
  intro,
  intent,
  items,
  max,
  result,
  busy,
}: {
  id: string;
  title: string;
  intro: string;
  intent: string;
  items: readonly PickedProduct[];
  max: number;
  result?: PickResult;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const mine = result?.intent === intent ? result : undefined;
  useFormResultFocus(mine, formRef, `${id}-error`);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{intro}</p>
      <FormAlert id={`${id}-error`} message={mine?.formError} />
      <FormAlert id={`${id}-saved`} message={mine?.savedMessage ?? null} tone="success" />
      {items.length ? (
        <ol aria-label={title} className="workspace__picks">
          {items.map((p) => (
            <li key={p.id}>
              <Link to={`/admin/products/${p.id}`}>{p.sku}</Link> {p.name}
              {p.status === 'Draft' ? ' (Draft: not shown)' : ''}
            </li>
          ))}
        </ol>
      ) : (
        <p>None yet.</p>
      )}
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby={`${id}-title`}>
        <input type="hidden" name="intent" value={intent} />
        <TextField
          form={id}
          name="products"
          label={`${title}: SKUs in order`}
          hint={`Separated by commas, at most ${max}. Leave empty for none.`}
          defaultValue={mine?.typed ?? items.map((p) => p.sku).join(', ')}
          error={mine?.fieldError}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save {title.toLowerCase()}
        </button>
      </Form>
    </section>
  );
}
