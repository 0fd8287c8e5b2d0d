// Pieces the customer pages share: a form's outcome (refusal or success note) and the ticked list of accounts
// with a field to add more by id, and a simple searched table's filter.

import type { AdminBuyerGroup, NamedRef } from '@store/core';
import { Form, Link } from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert.tsx';
import type { CustomerResult } from './customer-form.ts';
import { CheckField } from './workspace-ui.tsx';

/** The refusal or the success note of the form `intent` posted. */
export function Outcome({ id, result, intent }: { id: string; result?: CustomerResult; intent: string }) {
  const mine = result?.intent === intent ? result : undefined;
  return (
    <>
      <FormAlert id={`${id}-error`} message={mine?.formError} />
      <FormAlert id={`${id}-done`} message={mine?.done} tone="success" />
    </>
  );
}

/** Accounts as a ticked list (untick to remove) and a field for more, by account id. */
export function AccountPicker({ id, legend, accounts }: { id: string; legend: string; accounts: NamedRef[] }) {
  return (
    <fieldset className="workspace__book">
      <legend>{legend}</legend>
      {accounts.length ? null : <p>None.</p>}
      {accounts.map((a) => (
        <div key={a.id} className="workspace__pick">
          <CheckField id={`${id}-${a.id}`} name="keep" value={a.id} label={a.name} defaultChecked />
          <Link to={`/admin/accounts/${a.id}`}>Open {a.name}</Link>
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${id}-add`} className="field__label">
          Add accounts (ids, separated by commas)
        </label>
        <input id={`${id}-add`} name="add" className="field__input" />
      </div>
    </fieldset>
  );
}

/** A searched table's filter form. */
export function SearchFilter({ base, label, q, sort }: { base: string; label: string; q: string; sort: string }) {
  const id = `${base.split('/').pop()}-q`;
  return (
    <Form method="get" action={base} className="workspace__filters" role="search" aria-label={`Filter ${label}`}>
      <div className="field">
        <label htmlFor={id} className="field__label">
          Search {label}
        </label>
        <input id={id} name="q" type="search" className="field__input" defaultValue={q} />
      </div>
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      <button type="submit" className="btn btn--secondary">
        Filter
      </button>
    </Form>
  );
}

/** The store's buyer groups as ticked boxes (an account's memberships, a policy's audience). */
export function BuyerGroupChecks({
  id,
  name,
  groups,
  checked,
}: {
  id: string;
  name: string;
  groups: AdminBuyerGroup[];
  checked: ReadonlySet<string>;
}) {
  return (
    <fieldset className="workspace__book">
      <legend>Buyer groups</legend>
      {groups.map((g) => (
        <CheckField
          key={g.id}
          id={`${id}-${g.id}`}
          name={name}
          value={g.id}
          label={g.name}
          defaultChecked={checked.has(g.id)}
        />
      ))}
    </fieldset>
  );
}
