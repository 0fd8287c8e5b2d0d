// What the in-process profilers (reads-profile.ts, cart-profile.ts) share: their common options and the bench
// SQLite file they run on.
import path from 'node:path';
import { DATA_DIR } from './dataset.ts';

export const WEBSTORE_ID = '0ZE000000000001AAA';
export const API = `/services/data/v65.0/commerce/webstores/${WEBSTORE_ID}`;

/** --sql (list each statement's text), --profile PREFIX (V8 CPU profiles of the measured loops), --only KIND. */
export const PROFILER_OPTIONS = {
  sql: { type: 'boolean', default: false },
  profile: { type: 'string' },
  only: { type: 'string' },
} as const;

/** The bench file of this many products, made this process's database (SQLite; DATABASE_URL is dropped). */
export function selectBenchFile(products: string): string {
  const file = path.join(DATA_DIR, `store-${products}.sqlite`);
  process.env.SQLITE_FILE = file;
  delete process.env.DATABASE_URL;
  return file;
}
