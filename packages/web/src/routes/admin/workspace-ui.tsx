// Small pieces the workspace's pages share: a labelled select, a labelled checkbox, and the previous/next links
// of a paged table.

import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function SelectField({
  id,
  name,
  label,
  defaultValue,
  options,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  /** [value, label] pairs, before any children given. */
  options: ReadonlyArray<readonly [string, string]>;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} name={name} className="field__input" defaultValue={defaultValue}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

/** Previous and next page links of a server-paged table. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  return (
    <nav aria-label="Pages" className="workspace__pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous page</Link> : null}
      {page < pageCount ? <Link to={href(page + 1)}>Next page</Link> : null}
    </nav>
  );
}

/** A labelled checkbox; unticked, the form sends nothing for it. */
export function CheckField({
  id,
  name,
  value,
  label,
  defaultChecked,
}: {
  id: string;
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <div className="field field--checkbox">
      <input type="checkbox" id={id} name={name} value={value} defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
