// One load scenario end to end: a pre-flight request (must be 200 JSON), the autocannon run, and on
// errors or non-2xx answers a probe of which paths fail and how.
import { runLoad } from './load.ts';
import type { ScenarioResult } from './report.ts';

export interface Scenario {
  name: string;
  route: string;
  origin: string;
  paths: string[];
  pid?: number /** Overrides the run's connections. */;
  connections?: number;
}
export interface LoadSettings {
  connections: number;
  duration: number;
  warmup: number;
}

const log = (msg: string) => console.log(`[bench] ${msg}`);

export async function get(url: string): Promise<{ status: number; type: string; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

/** After a scenario with non-2xx answers: which paths fail, and how (first few). */
async function probeFailures(origin: string, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length && failures.length < 10) {
        const p = paths[next++];
        try {
          const r = await get(origin + p);
          if (r.status < 200 || r.status > 299) failures.push(`${r.status} ${p}: ${r.body.slice(0, 200)}`);
        } catch (err) {
          failures.push(`${p}: ${(err as Error).message}`);
        }
      }
    }),
  );
  return failures;
}

/** Runs one scenario; `ok` is false when it could not run or saw errors / non-2xx answers. */
export async function runScenario(
  s: Scenario,
  settings: LoadSettings,
): Promise<{ entry: ScenarioResult; ok: boolean }> {
  const entry: ScenarioResult = { name: s.name, route: s.route };
  const first = await get(s.origin + s.paths[0]).catch((err: Error) => ({ status: 0, type: '', body: err.message }));
  if (first.status !== 200 || !first.type.includes('json')) {
    entry.error = `pre-flight ${s.paths[0]} answered ${first.status} ${first.type}: ${first.body.slice(0, 200)}`;
    console.error(`[bench] ✗ ${s.name}: ${entry.error}`);
    return { entry, ok: false };
  }
  const connections = s.connections ?? settings.connections;
  log(
    `${s.name}: ${settings.warmup} s warm-up + ${settings.duration} s at ${connections} connection(s) over ${s.paths.length} path(s)…`,
  );
  try {
    const r = await runLoad({
      origin: s.origin,
      paths: s.paths,
      connections,
      duration: settings.duration,
      warmup: settings.warmup,
      serverPid: s.pid,
    });
    entry.result = r;
    const cpu = r.cpuMsPerRequest === undefined ? '' : `, server CPU ${(r.cpuMsPerRequest * 1000).toFixed(0)} µs/req`;
    log(
      `  ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${cpu}, ${r.errors} errors, ${r.non2xx} non-2xx`,
    );
    if (r.errors || r.non2xx) {
      console.error(
        `[bench] ✗ ${s.name}: ${r.errors} errors and ${r.non2xx} non-2xx answers (status codes ${JSON.stringify(r.statusCodes)})`,
      );
      const failures = await probeFailures(s.origin, s.paths);
      for (const f of failures) console.error(`[bench]     ${f}`);
      if (failures.length) entry.error = failures[0];
      return { entry, ok: false };
    }
    return { entry, ok: true };
  } catch (err) {
    entry.error = (err as Error).message;
    console.error(`[bench] ✗ ${s.name}: ${entry.error}`);
    return { entry, ok: false };
  }
}
