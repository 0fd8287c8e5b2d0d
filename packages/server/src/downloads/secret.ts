// Server-wide secrets (the download-link key) kept in the database, so every server process sharing
// it signs and verifies with the same key and links survive restarts. The first process to need a
// secret creates it; a concurrent first use by another process loses the insert race harmlessly
// (on conflict do nothing) and both read back the one stored value.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The secret signing download links (signed-link.ts). */
export const DOWNLOAD_LINK_SECRET = 'download-link';

/** An operator-set download-link key (several stores, or rotation by redeploy) overrides the stored one. */
const ENV_OVERRIDES: Record<string, string> = { [DOWNLOAD_LINK_SECRET]: 'DOWNLOAD_LINK_SECRET' };
/** An HMAC key shorter than this can be guessed offline from one link. */
const MIN_ENV_SECRET_LENGTH = 16;

/** Per database handle (tests open several), then per name. Values never change once stored. */
const cache = new WeakMap<object, Map<string, Promise<string>>>();

export async function serverSecret(db: Kysely<Database>, name: string): Promise<string> {
  const envName = ENV_OVERRIDES[name];
  const fromEnv = envName ? process.env[envName] : undefined;
  if (fromEnv) {
    if (fromEnv.length < MIN_ENV_SECRET_LENGTH)
      throw new Error(`${envName} must be at least ${MIN_ENV_SECRET_LENGTH} characters`);
    return fromEnv;
  }
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let value = byName.get(name);
  if (!value) {
    value = loadOrCreate(db, name);
    byName.set(name, value);
    // A failure (database down) is not remembered: the next call tries again.
    value.catch(() => {
      if (byName.get(name) === value) byName.delete(name);
    });
  }
  return value;
}

async function loadOrCreate(db: Kysely<Database>, name: string): Promise<string> {
  const existing = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return stored.value;
}
