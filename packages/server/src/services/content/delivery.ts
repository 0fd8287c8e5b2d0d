// Content delivery (issue 16; Connect REST "CMS Delivery Contents", spec 03 §5, §7): the managed content of a
// site or channel as ManagedContentDeliveryDocuments. The one rule of who sees what lives here:
// - a shopper (anyone not previewing) gets an item's live copy exactly when core isLiveVisible says so; any
//   other item does not exist for them (a Draft is "not found", never "forbidden");
// - a previewing administrator (ctx.isPreview, which only the server sets, buyer-context.ts) gets the working
//   copy of every item, status Draft when it was never published or differs from its live copy.
// Nothing else from the browser changes what is visible. Items are few per store (pages, banners, images), so a
// collection reads the store's candidate rows and filters, orders and pages them here.
import {
  CONTENT_DELIVERY_LIMITS,
  CONTENT_KEY_PATTERN,
  CONTENT_TYPE_FQNS,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  cmsMediaPath,
  isContentKey,
  isLiveVisible,
  isManagedContentId,
  type ContentDeliveryItemQuery,
  type ContentDeliveryQuery,
  type ContentStatus,
  type ContentTypeFqn,
  type ManagedContentDeliveryDocument,
  type ManagedContentDeliveryDocumentCollection,
  type SiteIds,
  webstoreIdOfSite,
} from '@store/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ManagedContentTable } from '../../db/schema.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { toId18 } from '../../domain/record-ids.ts';
import type { Webstore, WebstoreResolver } from '../webstores.ts';
import { referencedKeys } from './references.ts';

type Row = Selectable<ManagedContentTable>;

/** The one language content exists in; another asked for is answered in this one (there is no other copy). */
export const CONTENT_LANGUAGE = 'en_US';

/**
 * Most documents one answer may carry, references included: a seller's items referring to many items that
 * refer to many more would otherwise multiply at every level. Beyond it the caller is asked for less (400).
 */
export const MAX_DOCUMENTS_PER_ANSWER = 2_000;

/** Who reads: only the server-decided preview flag matters. */
export interface ContentViewer {
  isPreview: boolean;
}

/** The delivery API's queries (core content.ts), as the routes hand them over. */
export type ContentsQuery = ContentDeliveryQuery;
export type ContentQuery = ContentDeliveryItemQuery;

/** The copy of an item a viewer gets. */
interface Copy {
  title: string;
  urlName: string;
  bodyJson: string;
  status: ContentStatus;
  publishedDate: string | null;
}

/** The copy of `row` the viewer may see, or null when the item does not exist for them. */
export function visibleCopy(row: Row, viewer: ContentViewer, now: Date): Copy | null {
  const hasLiveCopy = row.live_body_json !== null && row.live_title !== null && row.live_url_name !== null;
  if (viewer.isPreview) {
    const changed =
      !hasLiveCopy ||
      row.live_title !== row.title ||
      row.live_url_name !== row.url_name ||
      row.live_body_json !== row.body_json;
    return {
      title: row.title,
      urlName: row.url_name,
      bodyJson: row.body_json,
      status: changed ? 'Draft' : 'Live',
      // The working copy of a Draft was never published, so it has no publish date.
      publishedDate: changed ? null : row.published_at,
    };
  }
  const publication = { hasLiveCopy, publishStartAt: row.publish_start_at, publishEndAt: row.publish_end_at };
  if (!isLiveVisible(publication, now)) return null;
  return {
    title: row.live_title!,
    urlName: row.live_url_name!,
    bodyJson: row.live_body_json!,
    status: 'Live',
    publishedDate: row.published_at,
  };
}

const typeSummary = (fqn: string) => ({
  fullyQualifiedName: fqn,
  name: fqn,
  label: CONTENT_TYPE_LABELS[fqn as ContentTypeFqn] ?? fqn,
});

function parseBody(json: string): Record<string, unknown> {
  try {
    const body = JSON.parse(json) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    // A body is written as JSON by the server alone; should one be unreadable, the item is delivered empty.
    return {};
  }
}

/** A document being built, with the body its references are found in (delivered or not). */
interface Built {
  doc: ManagedContentDeliveryDocument;
  body: Record<string, unknown>;
}

interface BuildOptions {
  withBody: boolean;
  origin?: string;
  asList: boolean;
}

/** An item as the delivery answer shows it. */
function build(row: Row, copy: Copy, o: BuildOptions): Built {
  const body = parseBody(copy.bodyJson);
  const doc: ManagedContentDeliveryDocument = {
    contentKey: row.content_key,
    managedContentId: row.id,
    contentType: typeSummary(row.type_fqn),
    title: copy.title,
    urlName: copy.urlName,
    publishedDate: copy.publishedDate,
    language: CONTENT_LANGUAGE,
    status: copy.status,
  };
  if (o.withBody) doc.contentBody = body;
  if (row.type_fqn === CONTENT_TYPES.image)
    doc.unauthenticatedUrl = `${o.origin ?? ''}${cmsMediaPath(row.content_key)}`;
  return { doc, body };
}

/** ISO date-time text (a date alone, or a date and time with optional seconds, fraction and zone). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseIsoDate(value: string, name: string): number {
  const t = ISO_DATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(t)) throw badInput(`${name} must be an ISO 8601 date or date-time, not ${value}.`);
  return t;
}

/** The collection query's rules beyond the shape of each parameter (core CONTENT_DELIVERY_LIMITS). */
export function checkContentsQuery(q: ContentsQuery): void {
  const L = CONTENT_DELIVERY_LIMITS;
  if (q.contentKeys && q.contentKeys.length > L.maxContentKeys)
    throw badInput(`At most ${L.maxContentKeys} contentKeys may be given, not ${q.contentKeys.length}.`);
  if (q.managedContentIds && q.managedContentIds.length > L.maxManagedContentIds)
    throw badInput(
      `At most ${L.maxManagedContentIds} managedContentIds may be given, not ${q.managedContentIds.length}.`,
    );
  for (const k of q.contentKeys ?? [])
    if (!isContentKey(k)) throw badInput(`${k} isn't a content key (MC and 26 letters or digits).`);
  for (const id of q.managedContentIds ?? [])
    if (!isManagedContentId(id)) throw badInput(`${id} isn't a managed content id.`);
  if (q.contentTypeFQN !== undefined && !CONTENT_TYPE_FQNS.includes(q.contentTypeFQN as ContentTypeFqn))
    throw badInput(`${q.contentTypeFQN} isn't a content type of this store (${CONTENT_TYPE_FQNS.join(', ')}).`);
  if (q.page !== undefined && (!Number.isInteger(q.page) || q.page < 0))
    throw badInput('page must be a whole number from 0.');
  checkDepth(q.referenceDepth);
  const heavy = q.includeContentBody === true || (q.referenceDepth ?? 0) > 0;
  const max = heavy ? L.maxPageSizeWithBody : L.maxPageSize;
  if (q.pageSize !== undefined && (!Number.isInteger(q.pageSize) || q.pageSize < 1 || q.pageSize > max))
    throw badInput(
      heavy
        ? `pageSize must be from 1 to ${max} with includeContentBody or a referenceDepth above 0.`
        : `pageSize must be from 1 to ${max}.`,
    );
  if (q.publishStartDate !== undefined) parseIsoDate(q.publishStartDate, 'publishStartDate');
  if (q.publishEndDate !== undefined) parseIsoDate(q.publishEndDate, 'publishEndDate');
}

function checkDepth(depth: number | undefined): void {
  const max = CONTENT_DELIVERY_LIMITS.maxReferenceDepth;
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 0 || depth > max))
    throw badInput(`referenceDepth must be from 0 to ${max}.`);
}

/** The page URL of a collection answer: the asked URL with `page` set (every other parameter kept as sent). */
function pageUrl(askedUrl: string, page: number): string {
  const [path, search = ''] = askedUrl.split('?', 2) as [string, string?];
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

export class ContentDelivery {
  constructor(
    private db: Kysely<Database>,
    private webstores: WebstoreResolver,
    private now: () => Date = () => new Date(),
  ) {}

  /**
   * The store behind a site or channel id (core webstoreIdOfSite). An id of the wrong prefix or form, or one
   * naming no store, is a site that does not exist: 404 either way (the client refuses a wrong prefix itself).
   */
  async storeOf(id: string, kind: Exclude<keyof SiteIds, 'communityId'>): Promise<Webstore> {
    const what = kind === 'siteId' ? 'site' : 'channel';
    const webstoreId = webstoreIdOfSite(id, kind);
    if (!webstoreId) throw notFound(`The ${what} ${id} doesn't exist.`);
    try {
      return await this.webstores.get(webstoreId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw notFound(`The ${what} ${id} doesn't exist.`);
      throw err;
    }
  }

  /** The collection call. `askedUrl` is the request's path and query, for currentPageUrl and nextPageUrl. */
  async contents(
    webstoreId: string,
    viewer: ContentViewer,
    q: ContentsQuery,
    askedUrl: string,
  ): Promise<ManagedContentDeliveryDocumentCollection> {
    checkContentsQuery(q);
    const now = this.now();
    const page = q.page ?? 0;
    const pageSize = q.pageSize ?? CONTENT_DELIVERY_LIMITS.defaultPageSize;
    const keys = q.contentKeys ?? [];
    const ids = (q.managedContentIds ?? []).map(toId18);
    let query = this.db.selectFrom('managed_content').selectAll().where('webstore_id', '=', webstoreId);
    if (q.contentTypeFQN) query = query.where('type_fqn', '=', q.contentTypeFQN);
    // A shopper sees live copies only: an item never published is not even read for them.
    if (!viewer.isPreview) query = query.where('live_body_json', 'is not', null);
    // Keys and ids together name the items matching either list.
    if (keys.length || ids.length)
      query = query.where((eb) =>
        eb.or([...(keys.length ? [eb('content_key', 'in', keys)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]),
      );
    // The seller's creation order, then the key: stable across pages and across the working and live titles.
    const rows = await query.orderBy('created_at').orderBy('content_key').execute();
    const from = q.publishStartDate ? parseIsoDate(q.publishStartDate, 'publishStartDate') : null;
    const to = q.publishEndDate ? parseIsoDate(q.publishEndDate, 'publishEndDate') : null;
    const visible: Array<{ row: Row; copy: Copy }> = [];
    for (const row of rows) {
      const copy = visibleCopy(row, viewer, now);
      if (!copy) continue;
      if (from !== null || to !== null) {
        // An item never published has no published date, so no date filter matches it.
        const at = copy.publishedDate ? Date.parse(copy.publishedDate) : Number.NaN;
        if (Number.isNaN(at) || (from !== null && at < from) || (to !== null && at > to)) continue;
      }
      visible.push({ row, copy });
    }
    const depth = q.referenceDepth ?? 0;
    const slice = visible.slice(page * pageSize, (page + 1) * pageSize);
    const budget = { left: MAX_DOCUMENTS_PER_ANSWER - slice.length };
    const built = slice.map(({ row, copy }) =>
      build(row, copy, { withBody: q.includeContentBody === true, asList: false }),
    );
    await this.attachReferences(
      webstoreId,
      viewer,
      now,
      built,
      depth,
      {
        withBody: q.expandReferences !== false,
        asList: false,
      },
      budget,
    );
    const hasNext = (page + 1) * pageSize < visible.length;
    return {
      contents: built.map((b) => b.doc),
      total: visible.length,
      page,
      pageSize,
      currentPageUrl: pageUrl(askedUrl, page),
      nextPageUrl: hasNext ? pageUrl(askedUrl, page + 1) : null,
    };
  }

  /** The single call: an item by content key or managed content id; 404 when unknown or not visible. */
  async content(
    webstoreId: string,
    viewer: ContentViewer,
    keyOrId: string,
    q: ContentQuery,
    origin?: string,
  ): Promise<ManagedContentDeliveryDocument> {
    checkDepth(q.referenceDepth);
    const byKey = CONTENT_KEY_PATTERN.test(keyOrId);
    if (!byKey && !isManagedContentId(keyOrId))
      throw badInput(`${keyOrId} is neither a content key nor a managed content id.`);
    const row = await this.db
      .selectFrom('managed_content')
      .selectAll()
      .where('webstore_id', '=', webstoreId)
      .where(byKey ? 'content_key' : 'id', '=', byKey ? keyOrId : toId18(keyOrId))
      .executeTakeFirst();
    const now = this.now();
    const copy = row ? visibleCopy(row, viewer, now) : null;
    if (!row || !copy) throw notFound(`The content ${keyOrId} doesn't exist.`);
    const o = { origin: q.showAbsoluteUrl ? origin : undefined, asList: q.referencesAsList === true };
    const built = build(row, copy, { ...o, withBody: true });
    await this.attachReferences(
      webstoreId,
      viewer,
      now,
      [built],
      q.referenceDepth ?? 0,
      { ...o, withBody: q.expandReferences !== false },
      { left: MAX_DOCUMENTS_PER_ANSWER - 1 },
    );
    return built.doc;
  }

  /**
   * Each document's referenced items (by the keys in its body) the viewer may see, each with its own references
   * to the remaining depth; at depth 0 the references are null. One read per level for the keys not yet read.
   */
  private async attachReferences(
    webstoreId: string,
    viewer: ContentViewer,
    now: Date,
    items: Built[],
    depth: number,
    o: BuildOptions,
    budget: { left: number },
    read = new Map<string, Row | null>(),
  ): Promise<void> {
    const set = (doc: ManagedContentDeliveryDocument, refs: Built[] | null) => {
      if (o.asList) doc.referencesList = refs ? refs.map((r) => r.doc) : null;
      else doc.references = refs ? Object.fromEntries(refs.map((r) => [r.doc.contentKey, r.doc])) : null;
    };
    if (depth <= 0) {
      for (const item of items) set(item.doc, null);
      return;
    }
    const keysOf = new Map(items.map((item) => [item, referencedKeys(item.body)]));
    const missing = [...new Set([...keysOf.values()].flat())].filter((k) => !read.has(k));
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('managed_content')
        .selectAll()
        .where('webstore_id', '=', webstoreId)
        .where('content_key', 'in', chunk)
        .execute();
      for (const k of chunk) read.set(k, null);
      for (const r of rows) read.set(r.content_key, r);
    }
    const next: Built[] = [];
    for (const item of items) {
      const refs: Built[] = [];
      for (const key of keysOf.get(item) ?? []) {
        const row = read.get(key);
        const copy = row ? visibleCopy(row, viewer, now) : null;
        if (!row || !copy) continue; // an item the viewer may not see is left out, as if it did not exist
        if (--budget.left < 0)
          throw badInput(
            `This answer would hold more than ${MAX_DOCUMENTS_PER_ANSWER} items: ask for a smaller referenceDepth or pageSize.`,
          );
        refs.push(build(row, copy, o));
      }
      set(item.doc, refs);
      next.push(...refs);
    }
    await this.attachReferences(webstoreId, viewer, now, next, depth - 1, o, budget, read);
  }
}
