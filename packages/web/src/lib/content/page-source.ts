// Finding a site page by its url name and reading everything it renders with (spec 03 §2.3, §5 content
// delivery). The delivery API has no url-name filter, so the page list is read without bodies (cheap, up to
// 250 a page) — it also gives the content key → url name map that managed-content-page links need — and then
// the one page with its references (banner → image is two levels deep).
//
// Which pages exist is the server's decision: a shopper gets Live pages in their publication window, a
// previewing administrator the working copies (Drafts included). Nothing here decides visibility.

import {
  CONTENT_TYPES,
  type ManagedContentDeliveryDocument,
  type ManagedContentDeliveryDocumentCollection,
  type PageLayoutContentBody,
} from '@store/core';
import type { StoreApi } from '../api.ts';
import type { SanitizedRichText } from '../sanitize.ts';
import {
  imagesOf,
  loadProductCollections,
  prepareRichTexts,
  type ContentImages,
  type ContentReferences,
  type ProductCollectionState,
} from './content-page.ts';

/** The two delivery reads a page needs, bound to the store's site (see contentFetchersOf). */
export interface ContentFetchers {
  listPages(page: number, signal?: AbortSignal): Promise<ManagedContentDeliveryDocumentCollection>;
  readPage(contentKey: string, signal?: AbortSignal): Promise<ManagedContentDeliveryDocument>;
}

/** Page list size (the API's maximum without bodies) and how many list pages are read at most. */
export const PAGE_LIST_SIZE = 250;
export const MAX_PAGE_LIST_PAGES = 8;
/** Page → banner → image. */
export const PAGE_REFERENCE_DEPTH = 2;

/** Everything a content page renders with; plain data (the loader's answer crosses to the browser). */
export interface ContentPageData {
  contentKey: string;
  title: string;
  urlName: string;
  status: 'Draft' | 'Live';
  description: string;
  layout: PageLayoutContentBody;
  references: ContentReferences;
  images: ContentImages;
  richTexts: Record<string, SanitizedRichText>;
  products: Record<string, ProductCollectionState>;
  /** Url names of the site's pages by content key, for managed content page links. */
  contentUrlNames: Record<string, string>;
  /** The site's origin as the request reached it: absolute web page links must start with it. */
  origin: string;
}

/** Every referenced item, at any depth, in one map by content key (the answer nests them level by level). */
export function flattenReferences(doc: ManagedContentDeliveryDocument): ContentReferences {
  const out: ContentReferences = {};
  const walk = (refs: ManagedContentDeliveryDocument['references']) => {
    for (const [key, ref] of Object.entries(refs ?? {})) {
      if (!ref || typeof ref !== 'object' || Object.hasOwn(out, key)) continue;
      out[key] = ref;
      walk(ref.references);
    }
  };
  walk(doc.references);
  return out;
}

/** The site's pages: url name by content key (the first page of a url name wins, as the list is ordered). */
export async function listSitePages(f: ContentFetchers, signal?: AbortSignal): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (let page = 0; page < MAX_PAGE_LIST_PAGES; page++) {
    const answer = await f.listPages(page, signal);
    for (const doc of answer.contents ?? [])
      if (doc.contentType?.fullyQualifiedName === CONTENT_TYPES.pageLayout && doc.urlName)
        out[doc.contentKey] = doc.urlName;
    if (!answer.nextPageUrl) break;
  }
  return out;
}

/** The page at this url name with all it renders with, or null when the site has no such page (for this viewer). */
export async function loadContentPage(
  api: StoreApi,
  f: ContentFetchers,
  request: { urlName: string; origin: string; signal?: AbortSignal },
): Promise<ContentPageData | null> {
  const { urlName, origin, signal } = request;
  const contentUrlNames = await listSitePages(f, signal);
  const key = Object.keys(contentUrlNames).find((k) => contentUrlNames[k] === urlName);
  if (!key) return null;
  const doc = await f.readPage(key, signal);
  if (doc.contentType?.fullyQualifiedName !== CONTENT_TYPES.pageLayout) return null;
  const body = (doc.contentBody ?? {}) as Partial<PageLayoutContentBody>;
  const layout: PageLayoutContentBody = {
    description: typeof body.description === 'string' ? body.description : undefined,
    sections: Array.isArray(body.sections) ? body.sections : [],
  };
  const references = flattenReferences(doc);
  const images = imagesOf(references);
  const [richTexts, products] = await Promise.all([
    prepareRichTexts(layout, references, images),
    loadProductCollections(api, layout, references, signal),
  ]);
  return {
    contentKey: doc.contentKey,
    title: doc.title,
    urlName: doc.urlName,
    status: doc.status === 'Draft' ? 'Draft' : 'Live',
    description: layout.description ?? '',
    layout,
    references,
    images,
    richTexts,
    products,
    contentUrlNames,
    origin,
  };
}
