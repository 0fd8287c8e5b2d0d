// DOMPurify on the server, backed by a jsdom window (both are dependencies of this package).
// Loaded lazily so importing the app does not pay for jsdom.

import type { Purifier } from './sanitize.ts';

let instance: Promise<Purifier> | null = null;

export function getServerPurifier(): Promise<Purifier> {
  instance ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    return createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]) as unknown as Purifier;
  })();
  return instance;
}
