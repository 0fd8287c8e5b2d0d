// The import_job table (migration 013): every read and write of a catalogue upload's job. State changes are
// conditional on the status they leave (claim: queued → running; progress and finish: still running), so two
// processes can never both run one job, and a job reported failed for a stopped heartbeat stays failed.
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  CatalogueFileFormat,
  CatalogueFileKind,
  ImportJob,
  ImportJobQuery,
  ImportJobStatus,
  ImportRowProblem,
  TablePage,
} from '@store/core';
import type { Database, ImportJobTable } from '../../../db/schema.ts';
import type { ImportProgress, ImportReport } from '../../catalogue-import/index.ts';
import type { Actor } from '../workspace-access.ts';
import { pageWindow, tablePage, tableSort } from '../table-query.ts';

/** The job row without its file (which only the runner reads). */
export type JobRow = Omit<ImportJobTable, 'file_text'>;

const JOB_COLUMNS = [
  'id',
  'webstore_id',
  'status',
  'phase',
  'kind',
  'format',
  'file_name',
  'file_bytes',
  'apply_good_rows',
  'source_job_id',
  'applied_by_job_id',
  'rows_done',
  'rows_total',
  'bytes_done',
  'rows',
  'created',
  'updated',
  'unchanged',
  'refused',
  'problems_json',
  'error',
  'user_id',
  'user_email',
  'user_role',
  'created_at',
  'started_at',
  'heartbeat_at',
  'finished_at',
] as const satisfies ReadonlyArray<keyof JobRow>;

const SORTS = { createdAt: 'created_at', fileName: 'file_name', status: 'status' };

export interface NewJob {
  id: string;
  webstoreId: string;
  actor: Actor;
  fileName: string;
  format: CatalogueFileFormat;
  kind: CatalogueFileKind | null;
  /** The file itself; empty for a job that applies another job's good rows (it reads that job's file). */
  text: string;
  bytes: number;
  applyGoodRows: boolean;
  sourceJobId: string | null;
}

/** The columns the table of jobs reads: all but the report's rows. */
const LIST_COLUMNS = JOB_COLUMNS.filter((c) => c !== 'problems_json') as Array<Exclude<keyof JobRow, 'problems_json'>>;

export function jobOf(r: Omit<JobRow, 'problems_json'>): ImportJob {
  const finished = r.rows !== null;
  return {
    id: r.id,
    status: r.status as ImportJobStatus,
    kind: r.kind as CatalogueFileKind | null,
    format: r.format as CatalogueFileFormat,
    fileName: r.file_name,
    applyGoodRows: r.apply_good_rows === 1,
    sourceJobId: r.source_job_id,
    appliedByJobId: r.applied_by_job_id,
    progress: {
      phase: r.status === 'running' ? (r.phase as 'checking' | 'writing' | null) : null,
      rowsDone: r.rows_done,
      rowsTotal: r.rows_total,
      bytesDone: r.bytes_done,
      bytesTotal: r.file_bytes,
    },
    counts: finished
      ? { rows: r.rows!, created: r.created!, updated: r.updated!, unchanged: r.unchanged!, refused: r.refused! }
      : null,
    error: r.error,
    startedBy: { id: r.user_id, email: r.user_email },
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export const problemsOf = (r: JobRow): ImportRowProblem[] =>
  r.problems_json ? (JSON.parse(r.problems_json) as ImportRowProblem[]) : [];

export class ImportJobStore {
  constructor(private db: Kysely<Database>) {}

  async insert(trx: Kysely<Database> | Transaction<Database>, j: NewJob, now: string): Promise<void> {
    await trx
      .insertInto('import_job')
      .values({
        id: j.id,
        webstore_id: j.webstoreId,
        status: 'queued',
        kind: j.kind,
        format: j.format,
        file_name: j.fileName,
        file_bytes: j.bytes,
        file_text: j.text,
        apply_good_rows: j.applyGoodRows ? 1 : 0,
        source_job_id: j.sourceJobId,
        applied_by_job_id: null,
        phase: null,
        rows_done: 0,
        rows_total: null,
        bytes_done: 0,
        rows: null,
        created: null,
        updated: null,
        unchanged: null,
        refused: null,
        problems_json: null,
        error: null,
        started_at: null,
        heartbeat_at: null,
        finished_at: null,
        user_id: j.actor.userId,
        user_email: j.actor.email,
        user_role: j.actor.role,
        created_at: now,
      })
      .execute();
  }

  async find(webstoreId: string, id: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('import_job')
      .select(JOB_COLUMNS)
      .where('webstore_id', '=', webstoreId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(webstoreId: string, q: ImportJobQuery): Promise<TablePage<ImportJob>> {
    const sort = tableSort(q.sort, SORTS, '-createdAt');
    const { limit, offset } = pageWindow(q);
    const filtered = this.db
      .selectFrom('import_job')
      .where('webstore_id', '=', webstoreId)
      .$if(!!q.status, (b) => b.where('status', '=', q.status!));
    const [rows, count] = await Promise.all([
      // The report's rows are left out: the table shows counts, the job's own page its rows.
      filtered
        .select(LIST_COLUMNS)
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('id', sort.direction)
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return tablePage(rows.map(jobOf), Number(count.n), q, sort);
  }

  /** Whether any job waits to be run (one its process never started). */
  async anyQueued(): Promise<boolean> {
    return !!(await this.db.selectFrom('import_job').select('id').where('status', '=', 'queued').executeTakeFirst());
  }

  /** Takes the oldest queued job for this process: the update only succeeds for one taker. */
  async claimNext(now: string): Promise<JobRow | undefined> {
    for (;;) {
      const next = await this.db
        .selectFrom('import_job')
        .select('id')
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (!next) return undefined;
      const taken = await this.db
        .updateTable('import_job')
        .set({ status: 'running', started_at: now, heartbeat_at: now, phase: 'checking' })
        .where('id', '=', next.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1)
        return this.db.selectFrom('import_job').select(JOB_COLUMNS).where('id', '=', next.id).executeTakeFirst();
    }
  }

  /** The uploaded file of a job (or of the job whose good rows it applies). */
  async fileText(id: string): Promise<string> {
    const row = await this.db
      .selectFrom('import_job')
      .select('file_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.file_text;
  }

  async progress(id: string, p: ImportProgress, now: string): Promise<void> {
    await this.db
      .updateTable('import_job')
      .set({
        phase: p.phase,
        rows_done: p.rowsDone,
        rows_total: p.rowsTotal,
        // The writing phase reads no bytes; keep the checking phase's count (all of them by then).
        ...(p.phase === 'checking' ? { bytes_done: p.bytesDone } : {}),
        heartbeat_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async heartbeat(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('import_job')
      .set({ heartbeat_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Records the report; false when the job was no longer running (reported failed meanwhile). */
  async finish(
    trx: Kysely<Database> | Transaction<Database>,
    id: string,
    status: 'done' | 'refused',
    r: ImportReport,
    now: string,
  ): Promise<boolean> {
    const done = await trx
      .updateTable('import_job')
      .set({
        status,
        phase: null,
        kind: r.kind,
        rows: r.rows,
        created: r.created,
        updated: r.updated,
        unchanged: r.unchanged,
        refused: r.refused,
        problems_json: JSON.stringify(r.problems),
        finished_at: now,
        heartbeat_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async fail(id: string, error: string, now: string): Promise<void> {
    await this.db
      .updateTable('import_job')
      .set({ status: 'failed', phase: null, error, finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Running jobs whose heartbeat stopped before `cutoff` (their process died) become failed. Read first, so the
   * usual case (none) takes no write lock; the update is conditional on the stale heartbeat, so a job that
   * beat meanwhile stays running.
   */
  async failStale(webstoreId: string, cutoff: string, error: string, now: string): Promise<void> {
    const stale = await this.db
      .selectFrom('import_job')
      .select(['id', 'heartbeat_at'])
      .where('webstore_id', '=', webstoreId)
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', cutoff)
      .execute();
    for (const job of stale)
      await this.db
        .updateTable('import_job')
        .set({ status: 'failed', phase: null, error, finished_at: now })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('heartbeat_at', '=', job.heartbeat_at)
        .execute();
  }

  /** Marks the refused job as being applied by `byId`; false when it is not refused or already applied. */
  async markApplied(trx: Transaction<Database>, id: string, byId: string): Promise<boolean> {
    const marked = await trx
      .updateTable('import_job')
      .set({ applied_by_job_id: byId })
      .where('id', '=', id)
      .where('status', '=', 'refused')
      .where('applied_by_job_id', 'is', null)
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) === 1;
  }
}
