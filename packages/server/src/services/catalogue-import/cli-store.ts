// What the import and export commands share: the database the server would use (SQLITE_FILE, else
// data/store.sqlite; DATABASE_URL for PostgreSQL), migrated, and the webstore to work on.
import type { Kysely } from 'kysely';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';

export interface CliStore {
  db: Kysely<Database>;
  webstoreId: string;
  close(): Promise<void>;
}

/** The store's database and webstore (the one named, else the first): an error message when there is none. */
export async function openCliStore(webstoreId?: string): Promise<CliStore | string> {
  const { db, close } = openDatabase();
  await migrateToLatest(db);
  let q = db.selectFrom('webstore').select('id').orderBy('id').limit(1);
  if (webstoreId) q = q.where('id', '=', webstoreId);
  const store = await q.executeTakeFirst();
  if (!store) {
    await close();
    return webstoreId
      ? `There is no webstore ${webstoreId} in the database.`
      : 'The database has no store yet: run `npm start` or `npm run seed` first.';
  }
  return { db, webstoreId: store.id, close };
}

export function usageError(usage: string, message?: string): never {
  if (message) console.error(message);
  console.error(usage);
  process.exit(2);
}
