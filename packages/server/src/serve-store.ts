// One server process: the API and the storefront on one port. `npm start` runs it alone, or with WORKERS=N as
// each of the N cluster workers (cluster.ts), all on the same database.
import cluster from 'node:cluster';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';

/** How often each process builds the product read model's stale rows (services/product-read-model.ts). */
const READ_MODEL_SWEEP_MS = 5_000;

/**
 * Opens the database, migrates it unless the cluster's primary already did (`migrate: false`), and serves on
 * PORT/HOST until SIGTERM or SIGINT.
 */
export async function serveStore(opts: { migrate: boolean }): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  const { db } = openDatabase();
  if (opts.migrate) await migrateToLatest(db);
  const { app, services } = await buildApp({ db, logger: process.env.LOG !== '0' });
  // Sessions end on their own when next used; this sweeps the ones never used again. A plain DELETE of the
  // expired rows, so several processes sweeping at once only repeat each other.
  setInterval(() => {
    services.sessions.purgeExpired().catch((e) => app.log.error(e));
  }, 3600_000).unref();
  // Emails queued by orders go out after their commit; this picks up any a crash or an outage left behind. Every
  // process runs it: a message is claimed in the database before it is sent (mail/outbox.ts), so one sends it.
  services.mail.start();
  await app.listen({ port, host });
  const who = cluster.isWorker ? `worker ${cluster.worker?.id} (pid ${process.pid}) ` : '';
  // Build the search index now rather than on the first search (a million products take a while). Each process
  // holds its own, derived from the catalogue version in the database. One webstore after the other, so two
  // large catalogues do not build side by side.
  (async () => {
    for (const { id } of await db.selectFrom('webstore').select('id').orderBy('id').execute()) {
      const st = await services.searchIndex.status(id);
      console.log(`[store] ${who}search index: ${st.documents} products in ${(st.buildMs / 1000).toFixed(1)} s`);
      // The sitemap's list likewise, so the first crawler does not wait for it.
      await services.sitemap.prepare(await services.webstores.get(id)).catch((e) => app.log.error(e));
    }
    // The product read model's rows a change left stale (or a migration left unbuilt): built now, then every few
    // seconds (a stale row is read the long way meanwhile, so this only decides how soon reads are fast again).
    const kept = await services.readModel.sweep((p) =>
      console.log(
        `[store] ${who}product read model: ${p.built} products built, ${p.left} to go (${p.seconds.toFixed(0)} s)`,
      ),
    );
    if (kept.built)
      console.log(`[store] ${who}product read model: ${kept.built} products built in ${kept.seconds.toFixed(1)} s`);
    setInterval(() => {
      services.readModel.sweep().catch((e) => app.log.error(e));
    }, READ_MODEL_SWEEP_MS).unref();
  })().catch((e) => app.log.error(e));
  console.log(`[store] ${who}http://localhost:${port}`);
  // A stop writes what is still buffered (shopper activities) before the process goes.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void app.close().finally(() => process.exit(0)));
}
