// A test that needs the store's settings changed for a while (guest browsing off, …): the change, the
// resolver's cache dropped so the next request sees it, and the old settings back however the test ends.
import type { TestServer } from './server.ts';

export async function withStoreSettings<T>(
  s: TestServer,
  change: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const row = await s.db.db.selectFrom('webstore').selectAll().executeTakeFirstOrThrow();
  await s.db.db
    .updateTable('webstore')
    .set({ settings_json: JSON.stringify({ ...JSON.parse(row.settings_json), ...change }) })
    .where('id', '=', row.id)
    .execute();
  s.services.webstores.invalidate();
  try {
    return await run();
  } finally {
    await s.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).where('id', '=', row.id).execute();
    s.services.webstores.invalidate();
  }
}
