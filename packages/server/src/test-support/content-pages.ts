// Page layouts written straight into managed_content (migration 018) for tests that need a content page
// whatever the content workspace offers: a live page, a Draft never published, a page in a publication window.
import { CONTENT_TYPES } from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

let next = 900;

export interface TestPage {
  id: string;
  contentKey: string;
}

export async function insertPage(
  db: Kysely<Database>,
  webstoreId: string,
  page: {
    title: string;
    urlName: string;
    description?: string;
    /** Published: the live copy equals the working copy. */
    live: boolean;
    publishStartAt?: string | null;
    publishEndAt?: string | null;
    publishedAt?: string;
  },
): Promise<TestPage> {
  const n = next++;
  const id = `20Y${String(n).padStart(12, '0')}AAA`;
  const contentKey = `MC${String(n).padStart(26, '0')}`;
  const body = JSON.stringify({ description: page.description, sections: [] });
  const now = new Date().toISOString();
  await db
    .insertInto('managed_content')
    .values({
      id,
      content_key: contentKey,
      webstore_id: webstoreId,
      type_fqn: CONTENT_TYPES.pageLayout,
      title: page.title,
      url_name: page.urlName,
      body_json: body,
      live_title: page.live ? page.title : null,
      live_url_name: page.live ? page.urlName : null,
      live_body_json: page.live ? body : null,
      published_at: page.live ? (page.publishedAt ?? now) : null,
      publish_start_at: page.publishStartAt ?? null,
      publish_end_at: page.publishEndAt ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, contentKey };
}
