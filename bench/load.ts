// One load scenario with autocannon's programmatic API: a warm-up, then `duration` seconds at
// `connections` connections. Paths rotate through a list (one shared cursor, so consecutive requests
// on any connection hit different products), or a `next` function builds every request (method,
// headers, body: the cart's writes, each with its own session). Latency percentiles come from each
// response's hrtime timing (autocannon's own histogram rounds to whole milliseconds, too coarse for
// sub-ms routes).
import { readdirSync, readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';

export interface LoadOptions {
  origin: string;
  paths: string[];
  connections: number;
  duration: number;
  warmup: number;
  /** The server's pid: its CPU time over the measured window gives CPU per request (Linux /proc only). */
  serverPid?: number;
  /**
   * Builds each request instead of rotating `paths`: called once per request sent (warm-up included,
   * never twice for one request; autocannon does not resend), so it may hand out one-time work.
   */
  next?: () => LoadRequest;
  /** Every answer's status and body, warm-up included. */
  onResponse?: (status: number, body: string) => void;
  /**
   * Runs between the warm-up and the measured window (e.g. to prepare work for the measured rate); with
   * `warmupRequests`, `rps` is the rate of the warm-up's second half.
   */
  afterWarmup?: (warmup: { rps: number; requests: number }) => Promise<void>;
  /**
   * One-time work (each request uses up something prepared): the warm-up sends exactly this many
   * requests instead of running `warmup` seconds, so it can't run out of what was prepared.
   */
  warmupRequests?: number;
  /**
   * One-time work: the measured window sends exactly this many requests (asked after `afterWarmup`)
   * instead of running `duration` seconds; req/s is then the requests ÷ the window's wall time.
   */
  measuredRequests?: () => number;
  /** Called as the measured window ends: at its last answer with `measuredRequests` (autocannon itself returns up to a second later). */
  atMeasuredEnd?: () => void;
  /** Another CPU clock (ms) to read over the measured window, e.g. the database server's (→ `extraCpuMsPerRequest`). */
  extraCpuMs?: () => number | undefined;
}

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number; // completed requests in the measured window
  rps: number; // mean requests/s (autocannon's per-second samples)
  p50: number;
  p99: number;
  mean: number; // latency, ms
  errors: number; // socket errors, timeouts included
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpuMsPerRequest?: number; // server process CPU (user + system) per completed request, its child processes included
  extraCpuMsPerRequest?: number; // LoadOptions.extraCpuMs over the measured window per completed request
  seconds?: number; // the measured window's wall time, when it was a number of requests (measuredRequests)
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

/**
 * CPU time (ms) of a process and its children (`WORKERS=N`: the cluster's primary and its workers; PostgreSQL's
 * postmaster and its backends), from /proc; a single server process has none, so this is its own time.
 */
export function processTreeCpuMs(pid: number | undefined): number | undefined {
  let total = processCpuMs(pid);
  if (total === undefined) return undefined;
  // Children that ended meanwhile (a replaced worker; a PostgreSQL backend whose connection closed) are in the
  // parent's cutime + cstime once it reaped them, so their time does not drop out of the sum.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
  } catch {
    /* gone meanwhile */
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        total += processCpuMs(Number(entry)) ?? 0;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  let cursor = 0;
  const { paths, next, onResponse } = opts;
  const requests: Request[] = [
    {
      method: 'GET',
      setupRequest: next
        ? (req) => {
            const r = next();
            return {
              ...req,
              method: r.method ?? 'GET',
              path: r.path,
              headers: { ...req.headers, ...r.headers },
              ...(r.body === undefined ? {} : { body: r.body }),
            };
          }
        : (req) => ({ ...req, path: paths[cursor++ % paths.length] }),
      ...(onResponse ? { onResponse: (status: number, body: string) => onResponse(status, body) } : {}),
    },
  ];
  const headers = { accept: 'application/json' };

  // autocannon gives every connection an equal share of a number of requests (and refuses fewer than one each).
  // It notices that they are all answered only at its next one-second tick, so the window's wall time is
  // taken from its start to the last answer.
  const amount = (n: number) => Math.max(opts.connections, Math.round(n));
  const lastAnswer = (instance: ReturnType<typeof autocannon>) => {
    const at = { started: process.hrtime.bigint(), last: 0n, answers: [] as bigint[] };
    instance.on('response', () => {
      at.last = process.hrtime.bigint();
      at.answers.push(at.last);
    });
    const seconds = () => Number((at.last || process.hrtime.bigint()) - at.started) / 1e9;
    /** Answers/s over the second half of the answers (the first half runs cold); over all of them when few. */
    const laterRate = () => {
      const a = at.answers;
      if (a.length < 4 * opts.connections) return a.length / seconds();
      const half = Math.floor(a.length / 2);
      return (a.length - 1 - half) / (Number(a[a.length - 1]! - a[half]!) / 1e9);
    };
    return Object.assign(seconds, { laterRate });
  };
  if (opts.warmup > 0 || opts.warmupRequests) {
    const warmInstance = autocannon({
      url: opts.origin,
      connections: opts.connections,
      headers,
      requests,
      ...(opts.warmupRequests ? { amount: amount(opts.warmupRequests), timeout: 10 } : { duration: opts.warmup }),
    });
    const elapsed = lastAnswer(warmInstance);
    const warm = await warmInstance;
    if (warm.errors || warm.non2xx) {
      console.warn(
        `[bench]   warm-up saw ${warm.errors} errors (${warm.timeouts} timeouts), ${warm.non2xx} non-2xx (${JSON.stringify(warm.statusCodeStats)})`,
      );
    }
    const answered = warm['2xx'] + warm.non2xx;
    await opts.afterWarmup?.({
      rps: opts.warmupRequests ? elapsed.laterRate() : warm.requests.average,
      requests: answered,
    });
  } else {
    await opts.afterWarmup?.({ rps: NaN, requests: 0 });
  }

  let times = new Float64Array(1 << 16);
  let n = 0;
  cursor = 0;
  const measured = opts.measuredRequests ? amount(opts.measuredRequests()) : undefined;
  const cpuBefore = processTreeCpuMs(opts.serverPid);
  const extraBefore = opts.extraCpuMs?.();
  let extraAtLast: number | undefined;
  const instance = autocannon({
    url: opts.origin,
    connections: opts.connections,
    headers,
    requests,
    timeout: 10,
    ...(measured ? { amount: measured } : { duration: opts.duration }),
  });
  const elapsed = lastAnswer(instance);
  let cpuAtLast: number | undefined; // with a number of requests: the server's CPU when the last was answered (not a second later)
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (n === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[n++] = responseTime;
    if (n === measured) {
      cpuAtLast = processTreeCpuMs(opts.serverPid);
      extraAtLast = opts.extraCpuMs?.();
      opts.atMeasuredEnd?.();
    }
  });
  const r = await instance;
  if (cpuAtLast === undefined) opts.atMeasuredEnd?.();
  const seconds = elapsed();
  const cpuAfter = cpuAtLast ?? processTreeCpuMs(opts.serverPid);
  const extraAfter = extraAtLast ?? opts.extraCpuMs?.();
  const sorted = times.subarray(0, n).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = count;
  const completed = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  return {
    requests: completed,
    rps: measured ? completed / seconds : r.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: n ? sum / n : NaN,
    errors: r.errors,
    non2xx: r.non2xx,
    statusCodes,
    bytesPerResponse: completed ? r.throughput.total / completed : NaN,
    cpuMsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && completed ? (cpuAfter - cpuBefore) / completed : undefined,
    extraCpuMsPerRequest:
      extraBefore !== undefined && extraAfter !== undefined && completed
        ? (extraAfter - extraBefore) / completed
        : undefined,
    ...(measured ? { seconds } : {}),
  };
}
