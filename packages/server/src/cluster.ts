// WORKERS=N: the cluster's primary. It serves nothing itself: it migrates the database once, before any worker
// opens it, then forks N workers (serve-store.ts), which share the one listening port (Node hands the
// connections out round robin). Everything a request needs is in the database, so any worker may answer any
// request; what each keeps in memory (the search index, the response and store caches) is derived from
// versioned rows and reloads by itself when the version moves.
//
// A worker that dies after it was serving is replaced. A worker that dies before it ever listened (a bad
// setting, the port taken) would only die again, so the primary stops the others and exits with an error.
// SIGTERM or SIGINT to the primary stops every worker the way a single process stops (buffered writes first),
// then the primary.
import cluster, { type Worker } from 'node:cluster';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

/** How long the workers get to finish after SIGTERM before they are killed. */
const STOP_GRACE_MS = 15_000;
/** A worker that ran for less than this before dying is replaced after a pause, so a crash loop does not spin. */
const QUICK_DEATH_MS = 10_000;
const RESTART_PAUSE_MS = 1_000;

export async function runPrimary(workers: number): Promise<void> {
  const { db, close } = openDatabase();
  try {
    await migrateToLatest(db);
  } finally {
    await close();
  }

  const listened = new WeakSet<Worker>();
  const startedAt = new WeakMap<Worker, number>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('listening', () => listened.add(worker));
  };

  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const done = running.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
    for (const w of running) w.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const w of running) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    killer.unref();
    void Promise.all(done).then(() => process.exit(exitCode));
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listened.has(worker)) {
      console.error(`[store] worker pid ${worker.process.pid} exited (${how}) before it listened; stopping`);
      stop(1);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    console.error(`[store] worker pid ${worker.process.pid} exited (${how}); starting another`);
    setTimeout(fork, lived < QUICK_DEATH_MS ? RESTART_PAUSE_MS : 0);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0));

  for (let i = 0; i < workers; i++) fork();
  console.log(`[store] primary pid ${process.pid}: ${workers} worker processes on port ${process.env.PORT ?? 3000}`);
}
