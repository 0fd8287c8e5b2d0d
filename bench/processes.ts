// Child processes of the benchmark (the store server, the fallback bare server): started on a free
// port, awaited on an HTTP probe, and always killed when the benchmark ends, fails or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';

export interface Child {
  name: string;
  proc: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const children = new Set<Child>();
const cleanups = new Set<() => void | Promise<void>>();

/** Registers extra cleanup (e.g. closing Chromium) that must run however the benchmark ends. */
export function onCleanup(fn: () => void | Promise<void>): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function stopAll(): Promise<void> {
  const fns = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(fns.map(async (fn) => fn()));
  await Promise.allSettled([...children].map((c) => c.stop()));
}

let installed = false;
export function installHandlers(): void {
  if (installed) return;
  installed = true;
  // Last resort: 'exit' handlers run synchronously, so only a kill signal can be sent here.
  process.on('exit', () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      console.error(`\n[bench] ${sig}: stopping child processes…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function startChild(
  name: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): Child {
  installHandlers();
  const log = createWriteStream(opts.logFile);
  const proc = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.pipe(log, { end: false });
  proc.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const child: Child = {
    name,
    proc,
    logFile: opts.logFile,
    exited,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
      log.end();
    },
  };
  children.add(child);
  return child;
}

export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Polls `url` until it answers 2xx; fails early if the child exits, or after `timeoutMs`. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((c) => {
    exitCode = c;
  });
  for (;;) {
    if (exitCode !== undefined || child.proc.exitCode !== null) {
      throw new Error(
        `${child.name} exited (code ${child.proc.exitCode ?? exitCode}) before answering ${url}. Last log lines (${child.logFile}):\n${tail(child.logFile)}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline)
      throw new Error(
        `${child.name} did not answer ${url} within ${timeoutMs / 1000} s. Last log lines (${child.logFile}):\n${tail(child.logFile)}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}
