// The store's giftingConfig switched for one test (issue 14): the settings row is changed and the store
// cache dropped, then both are put back, whatever the test's outcome.
import type { TestServer } from './server.ts';

export async function withGifting(s: TestServer, config: Record<string, boolean>, body: () => Promise<void>) {
  const row = await s.db.db.selectFrom('webstore').selectAll().executeTakeFirstOrThrow();
  const settings = JSON.parse(row.settings_json);
  await s.db.db
    .updateTable('webstore')
    .set({ settings_json: JSON.stringify({ ...settings, giftingConfig: { ...settings.giftingConfig, ...config } }) })
    .execute();
  s.services.webstores.invalidate();
  try {
    await body();
  } finally {
    await s.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).execute();
    s.services.webstores.invalidate();
  }
}
