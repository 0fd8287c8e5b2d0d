// Plain, labelled form controls for the content editors (issue 16 item 7): each edits one value of the body
// the editor keeps in React state, so the whole body goes to the server as one JSON field. Every control has
// its own label (ids are made unique by the caller's prefix); no drag and drop anywhere.

import type { AdminContentSummary, ContentTypeFqn, PageReference } from '@store/core';
import type { ReactNode } from 'react';
import { LINK_KINDS, linkKindOf, linkOf, linkValueOf, NAMED_PAGES, type LinkKind } from './content-form.ts';

interface Base {
  id: string;
  label: string;
  hint?: string;
}

function Field({ id, label, hint, children }: Base & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  id,
  label,
  hint,
  value,
  onChange,
  type = 'text',
}: Base & { value: string | undefined; onChange: (v: string) => void; type?: string }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        id={id}
        type={type}
        className="field__input"
        value={value ?? ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function TextArea({
  id,
  label,
  hint,
  value,
  onChange,
  rows = 6,
}: Base & { value: string | undefined; onChange: (v: string) => void; rows?: number }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <textarea
        id={id}
        className="field__input"
        rows={rows}
        value={value ?? ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function SelectInput({
  id,
  label,
  hint,
  value,
  onChange,
  options,
}: Base & {
  value: string | undefined;
  onChange: (v: string) => void;
  /** [value, label] pairs; '' is "not set". */
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckInput({
  id,
  label,
  checked,
  onChange,
}: Omit<Base, 'hint'> & { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A value the body keeps only when set: '' removes it. */
export const optional = (v: string): string | undefined => (v === '' ? undefined : v);

/** [value, label] pairs of keyword choices, with "Default" first. */
export const choices = (values: readonly string[], none = 'Default'): Array<readonly [string, string]> => [
  ['', none],
  ...values.map((v) => [v, v] as const),
];

/** A six-digit hex colour as text (a colour picker would not say "not set"). */
export function ColourInput({
  id,
  label,
  value,
  onChange,
}: Omit<Base, 'hint'> & {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  return (
    <TextInput
      id={id}
      label={label}
      hint="Six-digit hex, e.g. #1a2b3c; empty for the default."
      value={value}
      onChange={(v) => onChange(optional(v.trim()))}
    />
  );
}

/** Picks one content item of a type by its key. */
export function ContentPicker({
  id,
  label,
  type,
  items,
  value,
  onChange,
  allowNone = false,
}: Omit<Base, 'hint'> & {
  type: ContentTypeFqn;
  items: readonly AdminContentSummary[];
  value: string | undefined;
  onChange: (key: string) => void;
  allowNone?: boolean;
}) {
  const offered = items.filter((i) => i.type === type);
  return (
    <SelectInput
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      options={[
        ...(allowNone || !offered.length ? [['', offered.length ? 'None' : 'No items of this type yet'] as const] : []),
        ...offered.map((i) => [i.contentKey, `${i.title} (${i.urlName})`] as const),
      ]}
    />
  );
}

/** A button's link: the kind of page and the one thing that names it (spec 03 §2.4 page references). */
export function LinkPicker({
  id,
  label,
  link,
  onChange,
  pages,
}: Omit<Base, 'hint'> & {
  link: PageReference | undefined;
  onChange: (link: PageReference) => void;
  pages: readonly AdminContentSummary[];
}) {
  const kind = linkKindOf(link);
  const value = linkValueOf(link);
  const change = (k: LinkKind, v: string) => onChange(linkOf(k, v));
  return (
    <fieldset className="workspace__fieldset">
      <legend>{label}</legend>
      <SelectInput
        id={`${id}-kind`}
        label="Links to"
        value={kind}
        onChange={(k) => change(k as LinkKind, '')}
        options={LINK_KINDS}
      />
      {kind === 'content' ? (
        <ContentPicker
          id={`${id}-page`}
          label="Content page"
          type="dd__pageLayout"
          items={pages}
          value={value}
          onChange={(v) => change(kind, v)}
          allowNone
        />
      ) : kind === 'named' ? (
        <SelectInput
          id={`${id}-name`}
          label="Page"
          value={value || 'Home'}
          onChange={(v) => change(kind, v)}
          options={NAMED_PAGES.map((n) => [n, n] as const)}
        />
      ) : (
        <TextInput
          id={`${id}-value`}
          label={kind === 'web' ? 'Path (e.g. /search or #top)' : kind === 'product' ? 'Product id' : 'Category id'}
          value={value}
          onChange={(v) => change(kind, v)}
        />
      )}
    </fieldset>
  );
}
