// The demo store's search synonyms: words shoppers use for the same thing as our dataset names.
// Idempotent: a store that already has synonym groups keeps them (the seller may have edited them).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeSynonymGroups } from '../search/synonym-groups.ts';
import { WEBSTORE_ID } from './store.ts';

export const DEMO_SYNONYMS: string[][] = [
  ['usa', 'us', 'united states', 'america'],
  ['uk', 'united kingdom', 'great britain', 'britain'],
  ['dentist', 'dental', 'dentistry'],
  ['lawyer', 'attorney', 'law firm', 'solicitor'],
  ['doctor', 'physician'],
  ['vet', 'veterinarian', 'veterinary'],
  ['restaurant', 'eatery', 'diner'],
  ['hotel', 'motel', 'lodging'],
  ['email', 'e-mail', 'emails'],
  ['phone', 'telephone'],
  ['realtor', 'real estate agent', 'estate agent'],
  ['cpa', 'accountant'],
  ['plumber', 'plumbing'],
  ['car', 'auto', 'automotive'],
];

export async function seedSynonyms(db: Kysely<Database>, webstoreId = WEBSTORE_ID): Promise<void> {
  const existing = await db
    .selectFrom('search_synonym_group')
    .select('id')
    .where('webstore_id', '=', webstoreId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await writeSynonymGroups(db, webstoreId, DEMO_SYNONYMS);
}
