// One load scenario with autocannon's programmatic API: a warm-up, then `duration` seconds at
// `connections` connections. Paths rotate through a list (one shared cursor, so consecutive requests
// on any connection hit different products), or a `next` function builds every request (method,
// headers, body: the cart's writes, each with its own session). Latency percentiles come from each
// response's hrtime timing (autocannon's own histogram rounds to whole milliseconds, too coarse for
// sub-ms routes).
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';

export interface LoadOptions {
  origin: string; paths: string[]; connections: number; duration: number; warmup: number;
  /** The server's pid: its CPU time over the measured window gives CPU per request (Linux /proc only). */
  serverPid?: number;
  /**
   * Builds each request instead of rotating `paths`: called once per request sent (warm-up included,
   * never twice for one request; autocannon does not resend), so it may hand out one-time work.
   */
  next?: () => LoadRequest;
  /** Every answer's status and body, warm-up included. */
  onResponse?: (status: number, body: string) => void;
  /** Runs between the warm-up and the measured window (e.g. to prepare work for the measured rate). */
  afterWarmup?: (warmup: { rps: number; requests: number }) => Promise<void>;
}

export interface LoadRequest { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string }

export interface LoadResult {
  requests: number;      // completed requests in the measured window
  rps: number;           // mean requests/s (autocannon's per-second samples)
  p50: number; p99: number; mean: number; // latency, ms
  errors: number;        // socket errors, timeouts included
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpuMsPerRequest?: number; // server process CPU (user + system) per completed request
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms, from /proc/<pid>/stat; undefined where /proc is unavailable. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  let cursor = 0;
  const { paths, next, onResponse } = opts;
  const requests: Request[] = [{
    method: 'GET',
    setupRequest: next
      ? (req) => {
        const r = next();
        return { ...req, method: r.method ?? 'GET', path: r.path, headers: { ...req.headers, ...r.headers }, ...(r.body === undefined ? {} : { body: r.body }) };
      }
      : (req) => ({ ...req, path: paths[cursor++ % paths.length] }),
    ...(onResponse ? { onResponse: (status: number, body: string) => onResponse(status, body) } : {}),
  }];
  const headers = { accept: 'application/json' };

  if (opts.warmup > 0) {
    const warm = await autocannon({ url: opts.origin, connections: opts.connections, duration: opts.warmup, headers, requests });
    if (warm.errors || warm.non2xx) {
      console.warn(`[bench]   warm-up saw ${warm.errors} errors (${warm.timeouts} timeouts), ${warm.non2xx} non-2xx (${JSON.stringify(warm.statusCodeStats)})`);
    }
    await opts.afterWarmup?.({ rps: warm.requests.average, requests: warm['2xx'] + warm.non2xx });
  } else {
    await opts.afterWarmup?.({ rps: NaN, requests: 0 });
  }

  let times = new Float64Array(1 << 16);
  let n = 0;
  cursor = 0;
  const cpuBefore = processCpuMs(opts.serverPid);
  const instance = autocannon({ url: opts.origin, connections: opts.connections, duration: opts.duration, headers, requests, timeout: 10 });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (n === times.length) { const bigger = new Float64Array(times.length * 2); bigger.set(times); times = bigger; }
    times[n++] = responseTime;
  });
  const r = await instance;
  const cpuAfter = processCpuMs(opts.serverPid);
  const sorted = times.subarray(0, n).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = count;
  const completed = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  return {
    requests: completed,
    rps: r.requests.average,
    p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: n ? sum / n : NaN,
    errors: r.errors,
    non2xx: r.non2xx,
    statusCodes,
    bytesPerResponse: completed ? r.throughput.total / completed : NaN,
    cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && completed ? (cpuAfter - cpuBefore) / completed : undefined,
  };
}
