// `npm start`: open and migrate the database, then serve the API and the storefront on one port.
// The demo data is not this file's business: `npm start` runs the seed command first
// (seed/cli.ts --if-empty), so the running store never loads the demo generator.
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const { db } = openDatabase();
await migrateToLatest(db);
const { app, services } = await buildApp({ db, logger: process.env.LOG !== '0' });
// Sessions end on their own when next used; this sweeps the ones never used again.
setInterval(() => {
  services.sessions.purgeExpired().catch((e) => app.log.error(e));
}, 3600_000).unref();
// Emails queued by orders go out after their commit; this picks up any a crash or an outage left behind.
services.mail.start();
await app.listen({ port, host });
// Build the search index now rather than on the first search (a million products take a while).
// One webstore after the other, so two large catalogues do not build side by side.
(async () => {
  for (const { id } of await db.selectFrom('webstore').select('id').orderBy('id').execute()) {
    const st = await services.searchIndex.status(id);
    console.log(`[store] search index: ${st.documents} products in ${(st.buildMs / 1000).toFixed(1)} s`);
    // The sitemap's list likewise, so the first crawler does not wait for it.
    await services.sitemap.prepare(await services.webstores.get(id)).catch((e) => app.log.error(e));
  }
})().catch((e) => app.log.error(e));
console.log(`[store] http://localhost:${port}`);
// A stop writes what is still buffered (shopper activities) before the process goes.
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().finally(() => process.exit(0)));
