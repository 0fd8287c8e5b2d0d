// The demo's workspace people beyond the administrator (issue 15): a catalogue manager, who may change the
// catalogue and promotions but not settings or refunds. Idempotent, so a store seeded before the workspace
// existed gains the user on its next seed run; acts for the store's own account (Data Depot), as the
// administrator does.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { allocateIds } from '../db/ids.ts';
import { KEY_PREFIX } from '../domain/record-ids.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ADMIN_USER_ID } from '../services/accounts.ts';
import { isoDaysBefore } from '../datasets/random.ts';
import { DEMO_PASSWORD } from './access.ts';

export const CATALOGUE_MANAGER = {
  email: 'catalogue@datadepot.example',
  firstName: 'Jamie',
  lastName: 'Chen',
} as const;

export async function seedWorkspaceUsers(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('app_user').select('account_id').where('id', '=', ADMIN_USER_ID).executeTakeFirst();
  if (!admin) return;
  const exists = await db
    .selectFrom('app_user')
    .select('id')
    .where('email', '=', CATALOGUE_MANAGER.email)
    .executeTakeFirst();
  if (exists) return;
  const [id] = await allocateIds(db, KEY_PREFIX.user);
  await db
    .insertInto('app_user')
    .values({
      id: id!,
      email: CATALOGUE_MANAGER.email,
      first_name: CATALOGUE_MANAGER.firstName,
      last_name: CATALOGUE_MANAGER.lastName,
      password_hash: await hashPassword(DEMO_PASSWORD),
      account_id: admin.account_id,
      role: 'catalogue_manager',
      created_at: isoDaysBefore(200),
    })
    .execute();
}
