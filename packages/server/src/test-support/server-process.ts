// Starts test-support/serve.ts as a child process on a test server's database, and kills it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from './server.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  kill(): Promise<void>;
}

// Generous: on a busy CI machine tsx compiles the server before it listens.
const START_TIMEOUT_MS = 120_000;
const SERVE = path.join(path.dirname(new URL(import.meta.url).pathname), 'serve.ts');

export async function startServerProcess(of: TestServer, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    env: {
      ...process.env,
      ...env,
      ...(of.target.sqliteFile ? { SQLITE_FILE: of.target.sqliteFile } : {}),
      ...(of.target.pgUrl ? { DATABASE_URL: of.target.pgUrl } : {}),
      ...(of.target.pgSchema ? { PG_SCHEMA: of.target.pgSchema } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => {
    errors += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    // A child that neither listens nor exits would hang the test file (node:test sets no timeout).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process did not listen within ${START_TIMEOUT_MS / 1000} s: ${errors}`));
    }, START_TIMEOUT_MS);
    timer.unref();
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code}) before listening: ${errors}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
