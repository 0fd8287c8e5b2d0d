// WORKERS: how many server processes `npm start` runs (main.ts, cluster.ts).
import { availableParallelism } from 'node:os';

const MAX_WORKERS = 64;

/** The number of server processes WORKERS asks for: unset or empty 1, `auto` one per core, else 1–64. */
export function workerCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  if (value.trim() === 'auto') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new RangeError(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or auto; got "${value}"`);
  return n;
}
