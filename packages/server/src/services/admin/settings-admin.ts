// The store's settings in the workspace (issue 15): read and changed as one document (core store-settings.ts),
// checked before anything is written, the change and its audit entry in one transaction. The application
// context is read fresh from the database (WebstoreResolver.fresh), and this process forgets its cached store
// row, so the next application-context read in any process answers the new settings.
import { applyStoreSettings, storeSettingsOf, storeSettingsProblem, type StoreSettings } from '@store/core';
import { notFound, rejectProblem } from '../../domain/errors.ts';
import type { WebstoreResolver } from '../webstores.ts';
import type { RecordedChanges } from './recorded-change.ts';
import type { Actor } from './workspace-access.ts';

export class SettingsAdmin {
  constructor(
    private changes: RecordedChanges,
    private webstores: WebstoreResolver,
  ) {}

  async get(webstoreId: string): Promise<StoreSettings> {
    const store = await this.webstores.fresh(webstoreId);
    return storeSettingsOf(store.settings, store.name);
  }

  /** Changes the settings sent (each top-level field replaced whole); answers the settings after. */
  async update(webstoreId: string, actor: Actor, patch: Partial<StoreSettings>): Promise<StoreSettings> {
    const result = await this.changes.run(webstoreId, actor, async (trx) => {
      const row = await trx
        .selectFrom('webstore')
        .select(['name', 'settings_json'])
        .where('id', '=', webstoreId)
        .executeTakeFirst();
      if (!row) throw notFound(`The webstore ${webstoreId} does not exist.`);
      const context = JSON.parse(row.settings_json);
      const before = storeSettingsOf(context, row.name);
      const after: StoreSettings = { ...before, ...patch, storeName: (patch.storeName ?? before.storeName).trim() };
      rejectProblem(storeSettingsProblem(after));
      const books = await trx
        .selectFrom('price_book')
        .select('currency')
        .where('webstore_id', '=', webstoreId)
        .where('is_active', '=', 1)
        .execute();
      const unpriced = after.supportedCurrencies.find((c) => !books.some((b) => b.currency === c));
      rejectProblem(
        unpriced ? `The currency ${unpriced} has no active price book, so nothing could be sold in it.` : null,
      );
      await trx
        .updateTable('webstore')
        .set({ name: after.storeName, settings_json: JSON.stringify(applyStoreSettings(context, after)) })
        .where('id', '=', webstoreId)
        .execute();
      return {
        result: after,
        change: {
          action: 'update',
          recordType: 'StoreSettings',
          recordId: webstoreId,
          recordLabel: after.storeName,
          before,
          after,
        },
      };
    });
    this.webstores.invalidate();
    return result;
  }
}
