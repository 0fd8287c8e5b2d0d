// The import command's progress on stderr: on a terminal, one line redrawn in place (a bar, rows done of
// the total, rows per second); in a log (not a terminal), a line at each tenth of the way, so a CI log
// shows progress without thousands of lines.
import type { ImportProgress } from './import.ts';

const WIDTH = 24;
const REDRAW_MS = 100;

export class ProgressLine {
  private phaseStarted = performance.now();
  private phase: ImportProgress['phase'] | null = null;
  private lastDraw = 0;
  private lastTenth = -1;

  constructor(private out: NodeJS.WriteStream = process.stderr) {}

  update(p: ImportProgress): void {
    if (p.phase !== this.phase) {
      // The checking phase counts from the start; the writing phase from its own start.
      if (this.phase) {
        if (this.out.isTTY) this.out.write('\n');
        this.phaseStarted = performance.now();
      }
      this.phase = p.phase;
      this.lastTenth = -1;
    }
    const fraction =
      p.rowsTotal !== null
        ? p.rowsTotal === 0
          ? 1
          : p.rowsDone / p.rowsTotal
        : p.bytesTotal
          ? Math.min(1, p.bytesDone / p.bytesTotal)
          : null;
    const now = performance.now();
    if (this.out.isTTY) {
      if (now - this.lastDraw < REDRAW_MS && fraction !== 1) return;
      this.lastDraw = now;
      this.out.write(`\r\x1b[K${this.describe(p, fraction, now)}`);
      return;
    }
    const tenth = fraction === null ? Math.floor(p.rowsDone / 10_000) : Math.floor(fraction * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.out.write(`${this.describe(p, fraction, now)}\n`);
  }

  /** Ends the line drawn in place. */
  done(): void {
    if (this.phase && this.out.isTTY) this.out.write('\n');
    this.phase = null;
  }

  private describe(p: ImportProgress, fraction: number | null, now: number): string {
    const seconds = (now - this.phaseStarted) / 1000;
    const rate = seconds > 0 ? Math.round(p.rowsDone / seconds) : 0;
    const filled = fraction === null ? 0 : Math.round(fraction * WIDTH);
    const bar = fraction === null ? '' : `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] `;
    const n = (x: number) => x.toLocaleString('en-US');
    const rows = p.rowsTotal === null ? `${n(p.rowsDone)} rows` : `${n(p.rowsDone)}/${n(p.rowsTotal)} rows`;
    const percent = fraction === null ? '' : ` ${Math.floor(fraction * 100)}%`;
    return `${p.phase === 'checking' ? 'checking' : 'writing '} ${bar}${rows}${percent}, ${n(rate)} rows/s`;
  }
}
