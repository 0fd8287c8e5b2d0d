// Catalogue uploads in the workspace: the service, its table and its background runner.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { WebstoreResolver } from '../../webstores.ts';
import type { RecordedChanges } from '../recorded-change.ts';
import { ImportJobStore } from './import-job-store.ts';
import { ImportJobs } from './import-jobs.ts';
import { ImportRunner, type ImportRunnerOptions } from './import-runner.ts';

export { ImportJobs, type Upload } from './import-jobs.ts';
export type { ImportRunnerOptions } from './import-runner.ts';

export function createImportJobs(
  db: Kysely<Database>,
  recorded: RecordedChanges,
  webstores: WebstoreResolver,
  opts: ImportRunnerOptions = {},
): ImportJobs {
  const store = new ImportJobStore(db);
  return new ImportJobs(db, store, new ImportRunner(db, store, recorded, webstores, opts));
}
