// What the import page says about one job: its progress bar while it runs, then what it did (or why not).

import type { ImportJob } from '@store/core';

const n = (x: number) => x.toLocaleString('en-US');
const rows = (x: number) => `${n(x)} row${x === 1 ? '' : 's'}`;

/** "N of M rows" once the rows to write are known; while checking, the rows read so far. */
export function progressText(job: ImportJob): string {
  const p = job.progress;
  if (job.status === 'queued') return 'Waiting to start…';
  if (p.phase === 'writing' && p.rowsTotal !== null) return `Writing: ${n(p.rowsDone)} of ${rows(p.rowsTotal)}`;
  return `Checking: ${rows(p.rowsDone)} read (${n(p.bytesDone)} of ${n(p.bytesTotal)} bytes)`;
}

export function ImportProgressBar({ job, percent }: { job: ImportJob; percent: number }) {
  const text = progressText(job);
  return (
    <div className="import-progress">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${text}`}
        className="import-progress__track"
      >
        <div className="import-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">{text}</p>
    </div>
  );
}

/** The job's outcome once it has one. */
export function ImportSummary({ job }: { job: ImportJob }) {
  const c = job.counts;
  if (job.status === 'failed') return <p role="alert">The import failed: {job.error}</p>;
  if (!c) return null;
  const counts = `${n(c.created)} created, ${n(c.updated)} updated, ${n(c.unchanged)} unchanged, ${n(c.refused)} refused`;
  if (job.status === 'refused')
    return (
      <p role="status">
        Nothing was imported:{' '}
        {c.refused ? `${rows(c.refused)} of ${n(c.rows)} refused.` : 'the file cannot be read as a catalogue file.'} Fix
        the rows below and upload the file again{c.refused && c.rows > c.refused ? ', or apply the good rows' : ''}.
      </p>
    );
  return (
    <p role="status">
      Imported {rows(c.rows)} of {job.kind}: {counts}.
    </p>
  );
}
