// `npm start`: open (and on first run create, migrate and seed) the database, then serve the API and
// the storefront on one port.
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isSeeded, seedDatabase } from './seed/seed.ts';
import { seedAccess } from './seed/access.ts';
import { seedSynonyms } from './seed/synonyms.ts';
import { seedPromotions } from './seed/promotions.ts';
import { seedCheckout } from './seed/checkout.ts';
import { WEBSTORE_ID } from './seed/store.ts';
import { buildApp } from './app.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const { db, dialect } = openDatabase();
await migrateToLatest(db);
if (!(await isSeeded(db))) {
  const started = Date.now();
  console.log(`[store] seeding demo data into ${dialect}…`);
  await seedDatabase(db, { products: Number(process.env.SEED_PRODUCTS ?? 500) });
  console.log(`[store] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  // A database seeded before accounts existed gets the demo users and entitlements (once).
  await seedAccess(db);
  await seedSynonyms(db);
  await seedPromotions(db);
  await seedCheckout(db);
}
const { app, services } = await buildApp({ db, logger: process.env.LOG !== '0' });
// Sessions end on their own when next used; this sweeps the ones never used again.
setInterval(() => {
  services.sessions.purgeExpired().catch((e) => app.log.error(e));
}, 3600_000).unref();
// Emails queued by orders go out after their commit; this picks up any a crash or an outage left behind.
services.mail.start();
await app.listen({ port, host });
// Build the search index now rather than on the first search (a million products take a while).
services.searchIndex.status(WEBSTORE_ID).then(
  (st) => console.log(`[store] search index: ${st.documents} products in ${(st.buildMs / 1000).toFixed(1)} s`),
  (e) => app.log.error(e),
);
console.log(`[store] http://localhost:${port}`);
