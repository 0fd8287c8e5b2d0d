// DOMPurify in the browser, imported on first use so it stays out of the start-up bundle: the
// first page arrives sanitised by the server, and only client-side navigations need it.

import { domPurifier, type DomPurify, type Purifier } from './sanitize.ts';

let instance: Promise<Purifier> | null = null;

export function getBrowserPurifier(): Promise<Purifier> {
  instance ??= import('dompurify').then((m) => domPurifier(m.default as unknown as DomPurify));
  return instance;
}
