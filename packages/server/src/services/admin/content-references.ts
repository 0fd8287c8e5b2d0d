// What a content body points at, and the check that it all exists in the store and is of the right kind
// (issue 16 item 7): a banner's image is an image item, a page's banner block a banner, a rich-text block's
// key a rich-text item, a background image an image, a product collection's products and category the
// store's; every button's link is a valid page reference (core isValidPageReference). Also how an item is
// found to be in use, so deleting it can be refused.
import type { Kysely } from 'kysely';
import {
  CONTENT_TYPES,
  isValidPageReference,
  isValidWebPageUrl,
  type BannerContentBody,
  type BlockDefinition,
  type ContentTypeFqn,
  type PageLayoutContentBody,
  type PageReference,
  type ProductCollectionContentBody,
} from '@store/core';
import type { Database } from '../../db/schema.ts';
import { badInput } from '../../domain/errors.ts';
import { toId18 } from '../../domain/record-ids.ts';

interface KeyRef {
  contentKey: string;
  type: ContentTypeFqn;
  where: string;
}

interface Refs {
  keys: KeyRef[];
  productIds: string[];
  categoryIds: string[];
  links: Array<{ link: PageReference; where: string }>;
  urls: Array<{ url: string; where: string }>;
}

const BLOCK_TYPES: Record<string, ContentTypeFqn> = {
  banner: CONTENT_TYPES.banner,
  productCollection: CONTENT_TYPES.productCollection,
  image: CONTENT_TYPES.image,
};

/** Everything a (schema-checked) body refers to. */
export function referencesOf(type: ContentTypeFqn, checked: Record<string, unknown>): Refs {
  const refs: Refs = { keys: [], productIds: [], categoryIds: [], links: [], urls: [] };
  if (type === CONTENT_TYPES.banner) {
    const body = checked as unknown as BannerContentBody;
    if (body.image) refs.keys.push({ contentKey: body.image.contentKey, type: CONTENT_TYPES.image, where: 'image' });
    if (body.button) refs.links.push({ link: body.button.link, where: 'button.link' });
  } else if (type === CONTENT_TYPES.productCollection) {
    const body = checked as unknown as ProductCollectionContentBody;
    if (body.source.kind === 'products') refs.productIds.push(...body.source.productIds);
    if (body.source.kind === 'category') refs.categoryIds.push(body.source.categoryId);
  } else if (type === CONTENT_TYPES.pageLayout) {
    const body = checked as unknown as PageLayoutContentBody;
    for (const [s, section] of body.sections.entries()) {
      for (const variant of ['desktop', 'tablet', 'mobile'] as const) {
        const r = section.backgroundImage?.[variant];
        if (r)
          refs.keys.push({
            contentKey: r.contentKey,
            type: CONTENT_TYPES.image,
            where: `sections[${s}].backgroundImage.${variant}`,
          });
      }
      for (const [c, column] of section.columns.entries())
        blockRefs(column.components, `sections[${s}].columns[${c}]`, refs);
    }
  }
  return refs;
}

function blockRefs(blocks: BlockDefinition[], at: string, refs: Refs): void {
  for (const [i, b] of blocks.entries()) {
    const where = `${at}.components[${i}]`;
    if (b.type === 'responsiveWrapper') blockRefs(b.components, where, refs);
    else if (b.type === 'button') refs.links.push({ link: b.link, where: `${where}.link` });
    else if (b.type === 'richText') {
      if (b.contentKey) refs.keys.push({ contentKey: b.contentKey, type: CONTENT_TYPES.richText, where });
    } else if (b.type === 'textBlock') {
      if (b.url) refs.urls.push({ url: b.url, where: `${where}.url` });
    } else refs.keys.push({ contentKey: b.contentKey, type: BLOCK_TYPES[b.type]!, where });
  }
}

/** 400 naming the first reference that does not exist in the store, is of another type, or is not valid. */
export async function checkReferences(db: Kysely<Database>, webstoreId: string, refs: Refs): Promise<void> {
  for (const l of refs.links)
    if (!isValidPageReference(l.link))
      throw badInput(`${l.where} is not a valid link: a page reference needs its type's attributes.`);
  for (const u of refs.urls)
    if (!isValidWebPageUrl(u.url))
      throw badInput(`${u.where} must be a path on this site (/…), a #link, mailto: or tel:.`);
  const keys = [...new Set(refs.keys.map((k) => k.contentKey))];
  const found = keys.length
    ? await db
        .selectFrom('managed_content')
        .select(['content_key', 'type_fqn'])
        .where('webstore_id', '=', webstoreId)
        .where('content_key', 'in', keys)
        .execute()
    : [];
  const typeOf = new Map(found.map((r) => [r.content_key, r.type_fqn]));
  for (const k of refs.keys) {
    const t = typeOf.get(k.contentKey);
    if (!t) throw badInput(`${k.where}: there is no content item ${k.contentKey}.`);
    if (t !== k.type) throw badInput(`${k.where}: ${k.contentKey} is a ${t}, not a ${k.type}.`);
  }
  await checkRecords(db, webstoreId, 'product', refs.productIds, 'product');
  await checkRecords(db, webstoreId, 'category', refs.categoryIds, 'category');
}

async function checkRecords(
  db: Kysely<Database>,
  webstoreId: string,
  table: 'product' | 'category',
  ids: string[],
  label: string,
): Promise<void> {
  if (!ids.length) return;
  const wanted = [...new Set(ids.map((id) => toId18(id)))];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('webstore_id', '=', webstoreId)
    .where('id', 'in', wanted)
    .execute();
  const have = new Set(rows.map((r) => r.id));
  const missing = wanted.find((id) => !have.has(id));
  if (missing) throw badInput(`There is no ${label} ${missing} in this store.`);
}

/** Another item of the store whose working or live copy names this content key, or null. */
export async function itemUsing(
  db: Kysely<Database>,
  webstoreId: string,
  contentKey: string,
): Promise<{ title: string; content_key: string } | null> {
  // A content key is 28 characters no text or other key contains by chance, so a plain search of the JSON finds
  // every reference wherever the body keeps it.
  const pattern = `%"${contentKey}"%`;
  const row = await db
    .selectFrom('managed_content')
    .select(['title', 'content_key'])
    .where('webstore_id', '=', webstoreId)
    .where('content_key', '!=', contentKey)
    .where((eb) => eb.or([eb('body_json', 'like', pattern), eb('live_body_json', 'like', pattern)]))
    .executeTakeFirst();
  return row ?? null;
}
