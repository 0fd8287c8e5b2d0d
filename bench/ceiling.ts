// The ceiling every scenario is compared with: the same framework doing no work, measured in the same
// run. The in-process `GET /bench/bare` when the server registers it (BENCH_BARE_ROUTE=1), else a
// separate bare Fastify process (bench/bare-server.ts), which the caller stops when done.
import path from 'node:path';
import { DATA_DIR, ROOT } from './dataset.ts';
import { freePort, startChild, waitForHttp, type Child } from './processes.ts';
import { get, type Scenario } from './scenario.ts';

export interface Ceiling {
  origin: string;
  /** How the ceiling was measured, for the report. */
  note: string;
  /** The separate bare server, when one was started. */
  bare?: Child;
  scenario: Scenario;
}

const log = (msg: string) => console.log(`[bench] ${msg}`);

export async function startCeiling(
  origin: string,
  serverPid: number | undefined,
  mode: 'auto' | 'separate',
): Promise<Ceiling> {
  let ceilingOrigin = origin;
  let note = 'in-process `GET /bench/bare` (same Fastify instance, `BENCH_BARE_ROUTE=1`)';
  let bare: Child | undefined;
  const probe = mode === 'separate' ? undefined : await get(`${origin}/bench/bare`).catch(() => undefined);
  if (probe?.status !== 200 || !/"ok"\s*:\s*true/.test(probe.body)) {
    const barePort = await freePort();
    ceilingOrigin = `http://127.0.0.1:${barePort}`;
    note =
      mode === 'separate'
        ? 'separate bare Fastify process (bench/bare-server.ts), forced by `--ceiling separate`'
        : 'separate bare Fastify process (bench/bare-server.ts) — the server does not register `GET /bench/bare` under `BENCH_BARE_ROUTE=1`';
    log(
      `${mode === 'separate' ? 'separate ceiling requested' : `no in-process /bench/bare (got ${probe?.status ?? 'no answer'})`}; starting the bare Fastify server on ${ceilingOrigin}`,
    );
    bare = startChild('the bare Fastify server', ['--import', 'tsx', 'bench/bare-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(barePort), HOST: '127.0.0.1' },
      logFile: path.join(DATA_DIR, 'bare.log'),
    });
    await waitForHttp(`${ceilingOrigin}/healthz`, bare, 60_000);
  }
  return {
    origin: ceilingOrigin,
    note,
    bare,
    scenario: {
      name: 'ceiling (bare route)',
      route: 'GET /bench/bare',
      origin: ceilingOrigin,
      paths: ['/bench/bare'],
      pid: bare ? bare.proc.pid : serverPid,
    },
  };
}
