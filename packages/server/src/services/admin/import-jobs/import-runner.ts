// Runs queued catalogue uploads in the background of a server process, one at a time (an import is the
// database's busiest writer; two at once would only take turns at SQLite's one write lock). Any process may run
// any queued job: the claim is a conditional update only one process wins. While a job runs, its progress and
// a heartbeat every few seconds go to its row, so every process answers how far it is; a job whose heartbeat
// stops (its process died) is reported failed by the next reader (import-jobs.ts).
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { WebstoreResolver } from '../../webstores.ts';
import { importCatalogue, type CatalogueKind, type ImportReport } from '../../catalogue-import/index.ts';
import type { RecordedChanges } from '../recorded-change.ts';
import type { Actor } from '../workspace-access.ts';
import type { ImportJobStore, JobRow } from './import-job-store.ts';

export const HEARTBEAT_EVERY_MS = 5_000;
/** Twelve missed heartbeats: far beyond one write batch, even on a loaded machine. */
export const STALE_AFTER_MS = 60_000;

/** The file is handed to the importer in pieces, so its progress moves while it reads. */
const PIECE = 64 * 1024;
function* pieces(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += PIECE) yield text.slice(i, i + PIECE);
}

export interface ImportRunnerOptions {
  /** Rows per write transaction (the importer's default, 1,000, unless given). */
  batchSize?: number;
  /** A pause after each progress step: lets a browser test watch a small file's progress. */
  pauseMs?: number;
}

const now = () => new Date().toISOString();

export class ImportRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private db: Kysely<Database>,
    private store: ImportJobStore,
    private recorded: RecordedChanges,
    private webstores: WebstoreResolver,
    private opts: ImportRunnerOptions = {},
  ) {}

  /** Runs queued jobs until none is left; a call while running makes it look again when done. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) this.wake();
    });
  }

  /** Takes no new job and waits for the current one (the server is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.store.claimNext(now());
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const beat = setInterval(() => void this.store.heartbeat(job.id, now()).catch(() => {}), HEARTBEAT_EVERY_MS);
    beat.unref();
    try {
      const text = await this.store.fileText(job.source_job_id ?? job.id);
      const report = await importCatalogue(this.db, Readable.from(pieces(text)), {
        webstoreId: job.webstore_id,
        kind: (job.kind as CatalogueKind | null) ?? undefined,
        format: job.format as 'csv' | 'json',
        applyGoodRows: job.apply_good_rows === 1,
        totalBytes: job.file_bytes,
        batchSize: this.opts.batchSize,
        onProgress: async (p) => {
          await this.store.progress(job.id, p, now());
          if (this.opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, this.opts.pauseMs));
        },
      });
      await this.finish(job, report);
    } catch (e) {
      await this.store
        .fail(job.id, `The import stopped on the server: ${(e as Error).message}`.slice(0, 500), now())
        .catch(() => {});
    } finally {
      clearInterval(beat);
    }
  }

  /** A refused file changed nothing: its report only. A written one also gets its audit entry, in one commit. */
  private async finish(job: JobRow, report: ImportReport): Promise<void> {
    if (report.refusedFile) {
      await this.store.finish(this.db, job.id, 'refused', report, now());
      return;
    }
    const actor: Actor = { userId: job.user_id, email: job.user_email, role: job.user_role as Actor['role'] };
    await this.recorded.run(job.webstore_id, actor, async (trx) => {
      await this.store.finish(trx, job.id, 'done', report, now());
      const counts = {
        fileName: job.file_name,
        kind: report.kind,
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        refused: report.refused,
      };
      return {
        result: undefined,
        change: {
          action: job.apply_good_rows ? 'importGoodRows' : 'import',
          recordType: 'CatalogueImport',
          recordId: job.id,
          recordLabel: `${job.file_name} (${report.kind})`,
          before: null,
          after: counts,
        },
      };
    });
    // The importer bumped the catalogue version; this process's cached store row must not hide it.
    this.webstores.invalidate();
  }
}
