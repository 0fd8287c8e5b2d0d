// What a page composed from a stored layout needs besides the layout (spec 03 §2.3): the image data of the
// image items it references, its rich texts resolved and sanitised, and the products of its product
// collections for this shopper. Prepared in the route's loader (server and browser alike), so the page
// renders in one pass with no flash; the components take the results as plain data.

import { imageDataOf } from '@store/client';
import {
  CONTENT_TYPES,
  resolveContentExpressions,
  type BlockDefinition,
  type ImageData,
  type ManagedContentDeliveryDocument,
  type PageLayoutContentBody,
  type ProductCollectionContentBody,
  type RichTextImageInfos,
} from '@store/core';
import type { StoreApi, ListedProduct } from '../api.ts';
import { CARD_FIELDS, toCards } from '../catalogue/product-cards.ts';
import { featuredListed, listedOf } from '../catalogue/featured.ts';
import { sanitizeRichText, type SanitizedRichText } from '../sanitize.ts';
import type { CardProduct } from '../../routes/types.ts';

/** An image as the page shows it: the image provider's data (spec image data) and the stored size, when known. */
export type ContentImage = ImageData & { Width?: number; Height?: number };
export type ContentImages = Record<string, ContentImage>;
export type ContentReferences = Record<string, ManagedContentDeliveryDocument>;

/** A product collection's products, or the error state. */
export type ProductCollectionState = { products: CardProduct[] } | { error: true };

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** An image item's data (the image provider's mapping: renditions, srcset, alt text); null for another type. */
export function imageOf(doc: ManagedContentDeliveryDocument | undefined): ContentImage | null {
  const data = doc ? imageDataOf(doc) : null;
  if (!doc || !data) return null;
  const source = obj(obj(doc.contentBody).source);
  return { ...data, Width: num(source.width), Height: num(source.height) };
}

/** Every referenced image item's data, by content key (the page's references carry their bodies: no extra call). */
export function imagesOf(references: ContentReferences | null | undefined): ContentImages {
  const out: ContentImages = {};
  for (const [key, doc] of Object.entries(references ?? {})) {
    const image = imageOf(doc);
    if (image) out[key] = image;
  }
  return out;
}

/** Every block of a layout, wrappers' children included, in page order; malformed parts are skipped. */
export function blocksOf(layout: PageLayoutContentBody | null | undefined): BlockDefinition[] {
  const out: BlockDefinition[] = [];
  const walk = (blocks: unknown) => {
    if (!Array.isArray(blocks)) return;
    for (const b of blocks) {
      if (!b || typeof b !== 'object') continue;
      out.push(b as BlockDefinition);
      if ((b as BlockDefinition).type === 'responsiveWrapper') walk((b as { components?: unknown }).components);
    }
  };
  for (const section of Array.isArray(layout?.sections) ? layout.sections : [])
    for (const column of Array.isArray(section?.columns) ? section.columns : []) walk(column?.components);
  return out;
}

/** A rich text block's raw HTML: its dd__richText item's (by key), else its inline value. */
export function richTextSource(
  block: { contentKey?: string; value?: string },
  references: ContentReferences | null | undefined,
): string {
  const doc = block.contentKey ? references?.[block.contentKey] : undefined;
  if (doc && doc.contentType?.fullyQualifiedName === CONTENT_TYPES.richText) {
    const html = obj(doc.contentBody).html;
    if (typeof html === 'string') return html;
  }
  return typeof block.value === 'string' ? block.value : '';
}

/** The rich texts of a layout, expressions resolved (imageInfos = the page's images) and sanitised, by block id. */
export async function prepareRichTexts(
  layout: PageLayoutContentBody,
  references: ContentReferences | null | undefined,
  images: RichTextImageInfos,
): Promise<Record<string, SanitizedRichText>> {
  const out: Record<string, SanitizedRichText> = {};
  await Promise.all(
    blocksOf(layout).map(async (b) => {
      if (b.type !== 'richText' || typeof b.id !== 'string') return;
      out[b.id] = await sanitizeRichText(resolveContentExpressions(richTextSource(b, references), images));
    }),
  );
  return out;
}

/** At most this many products per collection when the item sets no limit. */
export const DEFAULT_COLLECTION_LIMIT = 8;

async function collectionProducts(
  api: StoreApi,
  body: ProductCollectionContentBody,
  signal?: AbortSignal,
): Promise<ListedProduct[]> {
  const source = obj(body.source);
  const limit = Math.min(50, Math.max(1, Math.floor(num(body.limit) ?? DEFAULT_COLLECTION_LIMIT)));
  if (source.kind === 'featured') return (await featuredListed(api, signal)).slice(0, limit);
  if (source.kind === 'products') {
    const ids = (Array.isArray(source.productIds) ? source.productIds : [])
      .filter((id): id is string => typeof id === 'string' && id !== '')
      .slice(0, limit);
    if (!ids.length) return [];
    return listedOf(await api.client.getProducts({ ids, fields: CARD_FIELDS, signal }));
  }
  if (source.kind === 'category' && typeof source.categoryId === 'string' && source.categoryId) {
    const page = await api.getCategoryProducts(source.categoryId, {
      page: 0,
      pageSize: limit,
      fields: CARD_FIELDS,
      signal,
    });
    return page.products;
  }
  return [];
}

/**
 * The products of every product collection the layout places, by content key, through the shopper's own
 * (entitlement-aware) catalogue calls. A collection that fails shows its error state; the page still shows.
 */
export async function loadProductCollections(
  api: StoreApi,
  layout: PageLayoutContentBody,
  references: ContentReferences | null | undefined,
  signal?: AbortSignal,
): Promise<Record<string, ProductCollectionState>> {
  const keys = new Set(
    blocksOf(layout)
      .filter((b) => b.type === 'productCollection' && typeof b.contentKey === 'string')
      .map((b) => (b as { contentKey: string }).contentKey),
  );
  const out: Record<string, ProductCollectionState> = {};
  await Promise.all(
    [...keys].map(async (key) => {
      const doc = references?.[key];
      if (!doc || doc.contentType?.fullyQualifiedName !== CONTENT_TYPES.productCollection) return;
      try {
        const listed = await collectionProducts(
          api,
          obj(doc.contentBody) as unknown as ProductCollectionContentBody,
          signal,
        );
        out[key] = { products: await toCards(api, listed, signal) };
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        out[key] = { error: true };
      }
    }),
  );
  return out;
}
