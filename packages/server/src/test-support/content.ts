// Managed content rows for API tests (issue 16): a test inserts the items it talks about (any type, Draft,
// Live, Live with pending changes, inside or outside a publication window), and image items with real
// image bytes in cms_media, exactly as the workspace would store them, without depending on the demo seed.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { CONTENT_TYPES, cmsMediaPath, type ContentTypeFqn, type ImageContentBody } from '@store/core';
import type { Database } from '../db/schema.ts';
import { randomRecordId } from '../domain/record-ids.ts';
import { WEBSTORE_ID } from './server.ts';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A fresh content key: MC and 26 upper-case letters or digits (core CONTENT_KEY_PATTERN). */
export function randomContentKey(): string {
  let key = 'MC';
  for (const b of randomBytes(26)) key += KEY_ALPHABET[b % KEY_ALPHABET.length];
  return key;
}

/**
 * Draft: never published (no live copy). Live: published, the live copy equal to the working copy.
 * Changed: published, then edited (the working copy differs from the live one).
 */
export type TestContentStatus = 'Draft' | 'Live' | 'Changed';

export interface TestContentItem {
  type?: ContentTypeFqn;
  status: TestContentStatus;
  title?: string;
  urlName?: string;
  body?: unknown;
  /** The live copy's url name when it differs from the working copy's (status Changed). */
  liveUrlName?: string;
  publishStartAt?: string | null;
  publishEndAt?: string | null;
  webstoreId?: string;
}

export interface InsertedContent {
  id: string;
  contentKey: string;
  urlName: string;
}

/** Inserts one managed_content row as the workspace would leave it. */
export async function insertContentItem(db: Kysely<Database>, item: TestContentItem): Promise<InsertedContent> {
  const id = randomRecordId('20Y');
  const contentKey = randomContentKey();
  const urlName = item.urlName ?? `test-${contentKey.slice(2, 14).toLowerCase()}`;
  const now = new Date().toISOString();
  const body = JSON.stringify(item.body ?? {});
  const published = item.status !== 'Draft';
  await db
    .insertInto('managed_content')
    .values({
      id,
      content_key: contentKey,
      webstore_id: item.webstoreId ?? WEBSTORE_ID,
      type_fqn: item.type ?? CONTENT_TYPES.image,
      title: item.title ?? `Test item ${contentKey.slice(2, 8)}`,
      url_name: urlName,
      body_json: body,
      live_title: published ? (item.title ?? `Test item ${contentKey.slice(2, 8)}`) : null,
      live_url_name: published ? (item.liveUrlName ?? urlName) : null,
      live_body_json: published ? body : null,
      published_at: published ? now : null,
      publish_start_at: item.publishStartAt ?? null,
      publish_end_at: item.publishEndAt ?? null,
      revision: item.status === 'Changed' ? 2 : 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, contentKey, urlName };
}

export interface TestImage extends Omit<TestContentItem, 'type' | 'body'> {
  width: number;
  height: number;
  format?: 'png' | 'jpeg' | 'webp';
  altText?: string;
  bgPosition?: string;
  bgSizeOrRepeat?: string;
}

export interface InsertedImage extends InsertedContent {
  /** The stored bytes (what the original's URL answers). */
  bytes: Buffer;
  contentType: string;
  version: string;
  body: ImageContentBody;
}

/** An image item with real bytes (a two-colour picture of the given size) in cms_media. */
export async function insertImageItem(db: Kysely<Database>, image: TestImage): Promise<InsertedImage> {
  const format = image.format ?? 'png';
  const bytes = await sharp({
    create: { width: image.width, height: image.height, channels: 3, background: '#1f6feb' },
  })
    .composite([
      {
        input: await sharp({
          create: {
            width: Math.ceil(image.width / 2),
            height: image.height,
            channels: 3,
            background: '#f0883e',
          },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();
  const contentType = `image/${format}`;
  // The body's source points at the CMS media path, as the workspace keeps it (content key known only after insert).
  const placeholder = await insertContentItem(db, { ...image, type: CONTENT_TYPES.image, body: {} });
  const body: ImageContentBody = {
    altText: image.altText ?? 'A test picture',
    source: {
      url: cmsMediaPath(placeholder.contentKey),
      mimeType: contentType,
      width: image.width,
      height: image.height,
    },
    ...(image.bgPosition ? { bgPosition: image.bgPosition } : {}),
    ...(image.bgSizeOrRepeat ? { bgSizeOrRepeat: image.bgSizeOrRepeat } : {}),
  };
  const json = JSON.stringify(body);
  await db
    .updateTable('managed_content')
    .set({ body_json: json, ...(image.status === 'Draft' ? {} : { live_body_json: json }) })
    .where('id', '=', placeholder.id)
    .execute();
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const media = {
    content_id: placeholder.id,
    webstore_id: image.webstoreId ?? WEBSTORE_ID,
    content: bytes,
    content_type: contentType,
    width: image.width,
    height: image.height,
    byte_size: bytes.length,
    version,
    uploaded_at: new Date().toISOString(),
  };
  await db.insertInto('cms_media').values(media).execute();
  // A published item's bytes are also the ones shoppers see (publish copies them).
  if (image.status !== 'Draft') await db.insertInto('cms_media_live').values(media).execute();
  return { ...placeholder, bytes, contentType, version, body };
}
