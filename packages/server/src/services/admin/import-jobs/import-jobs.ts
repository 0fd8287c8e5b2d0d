// Catalogue uploads in the workspace (issue 15): an upload becomes a queued job (the file kept with it) and
// runs in the background (import-runner.ts); any process answers its progress and report from the table. A
// refused file's good rows may then be applied by a second job over the same stored file.
import type { Kysely } from 'kysely';
import type {
  CatalogueFileFormat,
  CatalogueFileKind,
  ImportJob,
  ImportJobDetail,
  ImportJobQuery,
  TablePage,
} from '@store/core';
import type { Database } from '../../../db/schema.ts';
import { ApiError, notFound } from '../../../domain/errors.ts';
import { checkedId, KEY_PREFIX, randomRecordId } from '../../../domain/record-ids.ts';
import { exportCatalogue } from '../../catalogue-import/index.ts';
import type { Actor } from '../workspace-access.ts';
import { type ImportJobStore, jobOf, problemsOf, type JobRow } from './import-job-store.ts';
import { type ImportRunner, STALE_AFTER_MS } from './import-runner.ts';

export interface Upload {
  text: string;
  bytes: number;
  format: CatalogueFileFormat;
  fileName: string;
  kind?: CatalogueFileKind;
}

const STOPPED = `The server running this import stopped answering (no sign of life for ${STALE_AFTER_MS / 1000} s). Rows already written stay; upload the file again to finish it.`;

const now = () => new Date().toISOString();
const unknownJob = () => notFound('No such import in this store.');

/** A refused job whose good rows may still be applied: rows were refused, some were good, none applied yet. */
const mayApply = (r: JobRow) =>
  r.status === 'refused' && r.applied_by_job_id === null && (r.refused ?? 0) > 0 && (r.rows ?? 0) > (r.refused ?? 0);

export class ImportJobs {
  constructor(
    private db: Kysely<Database>,
    private store: ImportJobStore,
    private runner: ImportRunner,
  ) {}

  async start(webstoreId: string, actor: Actor, upload: Upload): Promise<ImportJob> {
    const id = randomRecordId(KEY_PREFIX.importJob);
    await this.store.insert(
      this.db,
      {
        id,
        webstoreId,
        actor,
        fileName: upload.fileName,
        format: upload.format,
        kind: upload.kind ?? null,
        text: upload.text,
        bytes: upload.bytes,
        applyGoodRows: false,
        sourceJobId: null,
      },
      now(),
    );
    this.runner.wake();
    return this.job(webstoreId, id);
  }

  async get(webstoreId: string, jobId: string): Promise<ImportJobDetail> {
    const row = await this.current(webstoreId, jobId);
    return { ...jobOf(row), problems: problemsOf(row), mayApplyGoodRows: mayApply(row) };
  }

  async list(webstoreId: string, q: ImportJobQuery): Promise<TablePage<ImportJob>> {
    await this.store.failStale(webstoreId, this.staleCutoff(), STOPPED, now());
    // A job queued by a process that stopped before running it is run here.
    if (await this.store.anyQueued()) this.runner.wake();
    return this.store.list(webstoreId, q);
  }

  /** A second pass over the refused job's stored file, writing its good rows. */
  async applyGoodRows(webstoreId: string, actor: Actor, jobId: string): Promise<ImportJob> {
    const source = await this.current(webstoreId, jobId);
    if (!mayApply(source))
      throw new ApiError(
        409,
        'NOT_APPLICABLE',
        source.applied_by_job_id
          ? 'The good rows of this import are already being applied.'
          : 'Only a refused import with some good rows can have its good rows applied.',
      );
    const id = randomRecordId(KEY_PREFIX.importJob);
    const applied = await this.db.transaction().execute(async (trx) => {
      // Marked first: of two requests racing, only one finds it unapplied.
      if (!(await this.store.markApplied(trx, source.id, id))) return false;
      await this.store.insert(
        trx,
        {
          id,
          webstoreId,
          actor,
          fileName: source.file_name,
          format: source.format as CatalogueFileFormat,
          kind: source.kind as CatalogueFileKind | null,
          text: '',
          bytes: source.file_bytes,
          applyGoodRows: true,
          sourceJobId: source.id,
        },
        now(),
      );
      return true;
    });
    if (!applied) throw new ApiError(409, 'NOT_APPLICABLE', 'The good rows of this import are already being applied.');
    this.runner.wake();
    return this.job(webstoreId, id);
  }

  /** The catalogue of one kind as a file (the importer's columns), streamed. */
  exportFile(webstoreId: string, kind: CatalogueFileKind, format: CatalogueFileFormat): AsyncIterable<string> {
    return exportCatalogue(this.db, { webstoreId, kind, format });
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  private async job(webstoreId: string, id: string): Promise<ImportJob> {
    const row = await this.store.find(webstoreId, id);
    if (!row) throw unknownJob();
    return jobOf(row);
  }

  /** The job as it stands, a stopped heartbeat reported as failed and a job left queued picked up. */
  private async current(webstoreId: string, jobId: string): Promise<JobRow> {
    const id = checkedId(jobId, KEY_PREFIX.importJob);
    let row = await this.store.find(webstoreId, id);
    if (!row) throw unknownJob();
    if (row.status === 'running' && (row.heartbeat_at ?? '') < this.staleCutoff()) {
      await this.store.failStale(webstoreId, this.staleCutoff(), STOPPED, now());
      row = (await this.store.find(webstoreId, id))!;
    }
    if (row.status === 'queued') this.runner.wake();
    return row;
  }

  private staleCutoff(): string {
    return new Date(Date.now() - STALE_AFTER_MS).toISOString();
  }
}
