// A store setting changed for one test: the settings row is changed and the store cache dropped, then both are
// put back, whatever the test's outcome.
import type { ApplicationContext } from '@store/core';
import type { TestServer } from './server.ts';

export async function withStoreSettings(
  s: TestServer,
  change: (settings: ApplicationContext) => ApplicationContext,
  body: () => Promise<void>,
) {
  const row = await s.db.db.selectFrom('webstore').selectAll().executeTakeFirstOrThrow();
  await s.db.db
    .updateTable('webstore')
    .set({ settings_json: JSON.stringify(change(JSON.parse(row.settings_json))) })
    .execute();
  s.services.webstores.invalidate();
  try {
    await body();
  } finally {
    await s.db.db.updateTable('webstore').set({ settings_json: row.settings_json }).execute();
    s.services.webstores.invalidate();
  }
}
