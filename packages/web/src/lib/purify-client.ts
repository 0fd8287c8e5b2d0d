// DOMPurify in the browser, imported on first use so it stays out of the start-up bundle: the
// first page arrives sanitised by the server, and only client-side navigations need it.

import type { Purifier } from './sanitize.ts';

let instance: Promise<Purifier> | null = null;

export function getBrowserPurifier(): Promise<Purifier> {
  instance ??= import('dompurify').then((m) => m.default as unknown as Purifier);
  return instance;
}
