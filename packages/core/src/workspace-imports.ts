// The workspace's catalogue uploads (issue 15) as the API answers them and the import page reads them.

export const CATALOGUE_FILE_KINDS = ['products', 'prices', 'inventory', 'categories'] as const;
export type CatalogueFileKind = (typeof CATALOGUE_FILE_KINDS)[number];
export const CATALOGUE_FILE_FORMATS = ['csv', 'json'] as const;
export type CatalogueFileFormat = (typeof CATALOGUE_FILE_FORMATS)[number];

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'refused', 'failed'] as const;
/**
 * queued → running → done (written), refused (bad rows or an unreadable file: nothing written) or failed (the
 * server stopped or faulted while running it; rows already written stay, a new upload finishes the rest).
 */
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** The largest file the workspace takes (50 MiB). */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

export interface ImportRowProblem {
  /** CSV: the spreadsheet row (header = 1); JSON: the item's position from 1. */
  row: number;
  /** Empty when the row as a whole (or the file) is at fault. */
  column: string;
  reason: string;
}

export interface ImportJobProgress {
  /** While running: checking every row, then writing the good ones. */
  phase: 'checking' | 'writing' | null;
  rowsDone: number;
  /** Known once the file has been checked (while writing). */
  rowsTotal: number | null;
  bytesDone: number;
  bytesTotal: number;
}

export interface ImportJobCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

export interface ImportJob {
  id: string;
  status: ImportJobStatus;
  /** As given, else as told from the file's columns (null until the file has been read). */
  kind: CatalogueFileKind | null;
  format: CatalogueFileFormat;
  fileName: string;
  applyGoodRows: boolean;
  /** The refused job whose good rows this one applies. */
  sourceJobId: string | null;
  /** The job applying this one's good rows, once asked. */
  appliedByJobId: string | null;
  progress: ImportJobProgress;
  /** Once finished (done or refused). */
  counts: ImportJobCounts | null;
  /** Why a failed job failed. */
  error: string | null;
  startedBy: { id: string; email: string };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One job with its report: every refused row. */
export interface ImportJobDetail extends ImportJob {
  problems: ImportRowProblem[];
  /** True when the refused job's good rows may still be applied (rows were refused, the file itself was readable). */
  mayApplyGoodRows: boolean;
}

export interface ImportJobQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  status?: ImportJobStatus;
}

/** Whether a job is still under way (the page keeps polling it). */
export const importJobRunning = (job: Pick<ImportJob, 'status'>): boolean =>
  job.status === 'queued' || job.status === 'running';

/** The share of the work done, 0–100: checking is the first half (by bytes), writing the second (by rows). */
export function importJobPercent(job: Pick<ImportJob, 'status' | 'progress'>): number {
  if (!importJobRunning(job)) return 100;
  const p = job.progress;
  if (p.phase === 'writing' && p.rowsTotal) return Math.min(100, 50 + Math.floor((50 * p.rowsDone) / p.rowsTotal));
  if (p.phase === 'writing') return 50;
  if (p.phase === 'checking' && p.bytesTotal) return Math.min(50, Math.floor((50 * p.bytesDone) / p.bytesTotal));
  return 0;
}
