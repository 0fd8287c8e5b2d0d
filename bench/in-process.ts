// What the in-process profilers (reads-profile.ts, cart-profile.ts) share: their common options, the bench
// SQLite file they run on and the measured loop.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { DATA_DIR } from './dataset.ts';
import type { StatementCounter } from './statement-counter.ts';

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

/**
 * Runs `loop` (n requests) once, timing the process's CPU and wall clock and counting statements; with a
 * profile prefix, a V8 CPU profile of that loop only (<prefix>-<name>.cpuprofile, sampled every
 * `sampleMicros` when given). Prints one line per request kind and, when statement texts are kept, each
 * statement's runs per request, most frequent first.
 */
export async function measureLoop(
  name: string,
  n: number,
  loop: () => Promise<unknown>,
  opts: { statements: StatementCounter; profile?: string; sampleMicros?: number },
): Promise<void> {
  const session = opts.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    if (opts.sampleMicros) await session.post('Profiler.setSamplingInterval', { interval: opts.sampleMicros });
    await session.post('Profiler.start');
  }
  opts.statements.reset();
  const t0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  await loop();
  const cpu = process.cpuUsage(t0);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${opts.profile}-${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
  const wall = Number(process.hrtime.bigint() - w0) / 1e6;
  console.log(
    `${name.padEnd(8)} CPU ${((cpu.user + cpu.system) / n / 1000).toFixed(3)} ms/req, wall ${(wall / n).toFixed(3)} ms/req (n=${n}), ${(opts.statements.count / n).toFixed(1)} statements/req`,
  );
  for (const [t, c] of [...opts.statements.texts].sort((a, b) => b[1].runs - a[1].runs))
    console.log(
      `    ${(c.runs / n).toFixed(2)}× ${(c.nanos / 1000 / n).toFixed(1).padStart(6)} µs  ${t.slice(0, 240)}`,
    );
}
