// /sitemap.xml (issue 16 item 8): every URL a guest (what a crawler is) may see and the seller has not
// marked "no index": the home page, Live categories, the products the guest buyer group is entitled to and
// the live content pages, with <lastmod> where known. Past SITEMAP_MAX_URLS it becomes a sitemap index over
// /sitemaps/sitemap-N.xml.
//
// Speed at 100,000 products: one query per kind of record (no per-product lookup), entitlements from the
// per-version visibility every catalogue read already uses, and the list kept per process under a key read
// from the database on every request (the catalogue version, which the seller's SEO settings bump too, and a
// stamp of the page layouts), so every process answers the same after any change, and at once.
import { CONTENT_TYPES, HOME_PAGE_URL_NAME, isLiveVisible, SITEMAP_MAX_URLS } from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import type { CategoryTreeCache } from '../category-tree.ts';
import { showsCategory } from '../category-reads.ts';
import type { EntitlementService } from '../entitlements.ts';
import type { Webstore } from '../webstores.ts';
import { contentPagePath, guestVisibility } from './seo-properties.ts';
import type { SeoOverrides } from './seo-overrides.ts';
import { sitemapIndexXml, urlEntryTail, urlsetXml, type SitemapUrl } from './sitemap-xml.ts';

interface SitemapList {
  key: string;
  /** The home page's, content pages' and categories' entries after the origin (urlEntryTail), in order. */
  pages: string[];
  /** Then the products: positions in the store's product entries, in id order. */
  products: ProductEntries;
  shown: Int32Array;
  /** How many URLs the list has (pages, then products). */
  count: number;
  /** When a page's publication window opens or closes (ms), the list is stale even with the same key. */
  validUntil: number;
  /** Newest lastmod among the URLs, for the index's entries. */
  newest: string | null;
  /** Documents already written from this list, by origin and part (0: /sitemap.xml); crawlers ask again and again. */
  documents: Map<string, Buffer>;
}

/** Origins a list keeps documents for (PUBLIC_URL makes it one; without it each Host a request names). */
const MAX_ORIGINS = 4;

/**
 * Every active product's id and lastmod, in id order, as two columns: at 1,000,000 products an object per product
 * with its entry's text cost about 300 bytes each; a product's entry is written when a document is.
 */
interface ProductEntries {
  ids: string[];
  /** The few distinct dates, one string each. */
  lastmods: Array<string | null>;
}

export interface SitemapOptions {
  /** URLs per sitemap file (the sitemaps.org limit by default; tests make the index switch observable). */
  maxUrls?: number;
}

export class SitemapService {
  private lists = new Map<string, Promise<SitemapList>>();
  private productLists = new Map<string, { key: string; entries: Promise<ProductEntries> }>();
  readonly maxUrls: number;

  constructor(
    private db: Kysely<Database>,
    private categories: CategoryTreeCache,
    private entitlements: EntitlementService,
    private overrides: SeoOverrides,
    opts: SitemapOptions = {},
  ) {
    this.maxUrls = opts.maxUrls ?? SITEMAP_MAX_URLS;
  }

  /** Builds the list ahead of the first crawler (at start, after the search index): its first request then finds the code warm. */
  async prepare(store: Webstore): Promise<number> {
    return (await this.list(store)).count;
  }

  /** /sitemap.xml: the one sitemap, or the index of the numbered ones past the limit. */
  async root(store: Webstore, origin: string): Promise<Buffer> {
    const list = await this.list(store);
    return this.document(list, origin, 0, () =>
      list.count <= this.maxUrls
        ? urlsetXml(origin, entries(list, 0, list.count))
        : sitemapIndexXml(origin, Math.ceil(list.count / this.maxUrls), list.newest),
    );
  }

  /** /sitemaps/sitemap-N.xml (from 1): the N-th part of the list; 404 past the last. */
  async part(store: Webstore, origin: string, n: number): Promise<Buffer> {
    const list = await this.list(store);
    const parts = Math.max(1, Math.ceil(list.count / this.maxUrls));
    if (!Number.isInteger(n) || n < 1 || n > parts) throw notFound(`The sitemap ${n} doesn't exist.`);
    return this.document(list, origin, n, () =>
      urlsetXml(origin, entries(list, (n - 1) * this.maxUrls, Math.min(n * this.maxUrls, list.count))),
    );
  }

  /** The bytes are kept, not the text: a repeated request is sent without encoding 5 MB again. */
  private document(list: SitemapList, origin: string, part: number, write: () => string): Buffer {
    const key = `${origin}|${part}`;
    let doc = list.documents.get(key);
    if (doc === undefined) {
      const origins = new Set([...list.documents.keys()].map((k) => k.slice(0, k.lastIndexOf('|'))));
      if (!origins.has(origin) && origins.size >= MAX_ORIGINS) list.documents.clear();
      doc = Buffer.from(write(), 'utf8');
      list.documents.set(key, doc);
    }
    return doc;
  }

  private async list(store: Webstore): Promise<SitemapList> {
    const stamp = await this.db
      .selectFrom('managed_content')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('updated_at').as('updated'),
        (eb) => eb.fn.max('published_at').as('published'),
      ])
      .where('webstore_id', '=', store.id)
      .where('type_fqn', '=', CONTENT_TYPES.pageLayout)
      .executeTakeFirst();
    // Who a crawler is counts too: the guest buyer group and whether guests may browse are store settings, not
    // catalogue changes.
    const guest = `${store.settings.guestBrowsingEnabled !== false}|${store.guestBuyerGroupId ?? ''}`;
    const key = `${store.catalogVersion}|${guest}|${stamp?.n ?? 0}|${stamp?.updated ?? ''}|${stamp?.published ?? ''}`;
    const hit = this.lists.get(store.id);
    if (hit) {
      const list = await hit.catch(() => null);
      if (list && list.key === key && Date.now() < list.validUntil) return list;
    }
    const fresh = this.build(store, key);
    this.lists.set(store.id, fresh);
    fresh.catch(() => this.lists.delete(store.id));
    return fresh;
  }

  /**
   * Every active product's entry, in id order. Kept while the products are the same: their count and newest
   * changed_version (every write that changes a product marks it, as the search index relies on too), read from
   * the sitemap's covering index; a catalogue change elsewhere (prices, policies, categories) reuses them.
   */
  private async productEntries(webstoreId: string): Promise<ProductEntries> {
    const stamp = await this.db
      .selectFrom('product')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('changed_version').as('v')])
      .where('webstore_id', '=', webstoreId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    const key = `${stamp?.n ?? 0}|${stamp?.v ?? ''}`;
    const hit = this.productLists.get(webstoreId);
    if (hit?.key === key) return hit.entries;
    const entries = this.db
      .selectFrom('product')
      .select(['id', 'last_updated'])
      .where('webstore_id', '=', webstoreId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute()
      .then((rows) => {
        const dates = new Map<string, string>();
        const ids = new Array<string>(rows.length);
        const lastmods = new Array<string | null>(rows.length);
        rows.forEach((r, i) => {
          ids[i] = r.id;
          const date = validDate(r.last_updated);
          if (date !== null && !dates.has(date)) dates.set(date, date);
          lastmods[i] = date === null ? null : dates.get(date)!;
        });
        return { ids, lastmods };
      });
    this.productLists.set(webstoreId, { key, entries });
    entries.catch(() => this.productLists.delete(webstoreId));
    return entries;
  }

  private async build(store: Webstore, key: string): Promise<SitemapList> {
    const now = new Date();
    const tree = await this.categories.get(store.id, store.catalogVersion);
    const [guest, noIndex, pages] = await Promise.all([
      guestVisibility(this.entitlements, store, { tree }),
      this.overrides.noIndexIds(store.id),
      this.db
        .selectFrom('managed_content')
        .select(['live_url_name', 'live_body_json', 'published_at', 'publish_start_at', 'publish_end_at'])
        .where('webstore_id', '=', store.id)
        .where('type_fqn', '=', CONTENT_TYPES.pageLayout)
        .execute(),
    ]);
    let validUntil = Number.POSITIVE_INFINITY;
    const urls: SitemapUrl[] = [];
    let products: ProductEntries = { ids: [], lastmods: [] };
    let shown = new Int32Array(0);
    let newest: string | null = null;
    let home: SitemapUrl = { path: '/' };
    const contentUrls: SitemapUrl[] = [];
    for (const p of pages) {
      for (const bound of [p.publish_start_at, p.publish_end_at]) {
        const t = bound ? Date.parse(bound) : Number.NaN;
        if (t > now.getTime()) validUntil = Math.min(validUntil, t);
      }
      const live = isLiveVisible(
        { hasLiveCopy: p.live_body_json !== null, publishStartAt: p.publish_start_at, publishEndAt: p.publish_end_at },
        now,
      );
      if (!live || !p.live_url_name) continue;
      const url = { path: contentPagePath(p.live_url_name), lastmod: p.published_at };
      if (p.live_url_name === HOME_PAGE_URL_NAME) home = url;
      else contentUrls.push(url);
    }
    urls.push(home, ...contentUrls.sort((a, b) => a.path.localeCompare(b.path)));

    if (guest) {
      const walk = (nodes: typeof tree.roots) => {
        for (const n of nodes) {
          // The category reads' rule for a guest outside preview: Live (with its ancestors) and entitled.
          if (showsCategory(guest, n, false) && !noIndex.has(n.row.id))
            urls.push({ path: `/category/${encodeURIComponent(n.row.url_name)}` });
          walk(n.children);
        }
      };
      walk(tree.roots);

      // The store's products, then entitlement and "no index" as set lookups.
      products = await this.productEntries(store.id);
      shown = new Int32Array(products.ids.length);
      let n = 0;
      products.ids.forEach((id, i) => {
        if (!guest.canSeeProduct(id) || noIndex.has(id)) return;
        const lastmod = products.lastmods[i];
        if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
        shown[n++] = i;
      });
      shown = shown.slice(0, n);
    }
    for (const u of urls) if (u.lastmod && (!newest || u.lastmod > newest)) newest = u.lastmod;
    const tails = urls.map(urlEntryTail);
    return {
      key,
      pages: tails,
      products,
      shown,
      count: tails.length + shown.length,
      validUntil,
      newest,
      documents: new Map(),
    };
  }
}

/** The list's entries from..to (exclusive), each after the origin (urlEntryTail): a product's is written here. */
function* entries(list: SitemapList, from: number, to: number): Generator<string> {
  for (let i = from; i < to; i++) {
    if (i < list.pages.length) yield list.pages[i];
    else {
      const p = list.shown[i - list.pages.length];
      yield urlEntryTail({ path: `/product/${list.products.ids[p]}`, lastmod: list.products.lastmods[p] });
    }
  }
}

/** A product's last_updated is YYYY-MM-DD; anything else is left out rather than sent malformed. */
function validDate(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}
