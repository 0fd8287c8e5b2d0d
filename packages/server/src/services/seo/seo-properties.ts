// The SEO properties call (spec 03 §3, §7; issue 16 item 8): a product's, category's or content page's
// search-engine title, description, canonical and hreflang URLs, and whether search engines may index it.
// The record is read by the storefront's own rules for the caller (404 alike for unknown and not shown); the
// index flag asks what a guest, which is what a crawler is, may see.
import {
  CONTENT_TYPES,
  HOME_PAGE_URL_NAME,
  hrefLangUrlsFor,
  isLiveVisible,
  SEO_FIELD_NAMES,
  seoSnippet,
  type PageLayoutContentBody,
  type SeoFieldName,
  type SeoObjectName,
  type SeoProperties,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badInput, notFound } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import type { CatalogueContext } from '../buyer-context.ts';
import { showsCategory } from '../category-reads.ts';
import type { EntitlementService, Visibility } from '../entitlements.ts';
import type { ProductService } from '../products.ts';
import type { Webstore } from '../webstores.ts';
import { SeoOverrides } from './seo-overrides.ts';

/** What a record contributes before the seller's overrides. */
interface SeoRecord {
  recordName: string;
  objectName: SeoObjectName;
  title: string;
  description: string;
  path: string;
  /** A guest sees this record (before "no index"). */
  guestSees: boolean;
}

const recordUnavailable = (id: string) => notFound(`The record ${id} doesn't exist or isn't available to you.`);

/** The path of a content page: the home page at /, every other at /{urlName}. */
export const contentPagePath = (urlName: string) =>
  urlName === HOME_PAGE_URL_NAME ? '/' : `/${encodeURIComponent(urlName)}`;

/** The fields asked for: all when none named; an unknown name is bad input (nothing silently dropped). */
export function wantedSeoFields(fields: readonly string[] | undefined): SeoFieldName[] {
  if (!fields?.length) return [...SEO_FIELD_NAMES];
  const out: SeoFieldName[] = [];
  for (const f of fields) {
    const name = SEO_FIELD_NAMES.find((n) => n.toLowerCase() === f.toLowerCase());
    if (!name) throw badInput(`Unknown SEO field ${f}: ask for ${SEO_FIELD_NAMES.join(', ')}.`);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** What a guest may see: the guest buyer group's entitlements, nothing when guests may not browse. */
export async function guestVisibility(
  entitlements: EntitlementService,
  store: Webstore,
  ctx: Pick<CatalogueContext, 'tree'>,
): Promise<Visibility | null> {
  if (store.settings.guestBrowsingEnabled === false) return null;
  const groups = store.guestBuyerGroupId ? [store.guestBuyerGroupId] : [];
  return entitlements.visibility(store.id, store.catalogVersion, ctx.tree, groups);
}

export class SeoPropertiesService {
  readonly overrides: SeoOverrides;
  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
    private entitlements: EntitlementService,
  ) {
    this.overrides = new SeoOverrides(db);
  }

  async properties(
    store: Webstore,
    ctx: CatalogueContext,
    recordIdParam: string,
    fields: readonly string[] | undefined,
    origin: string,
  ): Promise<SeoProperties> {
    const wanted = wantedSeoFields(fields);
    const recordId = checkedId(recordIdParam);
    const guest = await guestVisibility(this.entitlements, store, ctx);
    const record = await this.record(store, ctx, guest, recordId, recordIdParam);
    const override = record.objectName === 'ManagedContent' ? null : await this.overrides.get(store.id, recordId);
    const values: Record<SeoFieldName, string> = {
      title: override?.title || record.title,
      description: override?.description || record.description,
    };
    const canonicalUrl = `${origin}${record.path}`;
    return {
      recordName: record.recordName,
      objectName: record.objectName,
      fields: Object.fromEntries(wanted.map((f) => [f, values[f]])),
      complexFields: {},
      hrefLangUrls: hrefLangUrlsFor(canonicalUrl),
      canonicalUrl,
      isSeoIndexed: record.guestSees && override?.no_index !== 1,
    };
  }

  private async record(
    store: Webstore,
    ctx: CatalogueContext,
    guest: Visibility | null,
    id: string,
    asked: string,
  ): Promise<SeoRecord> {
    const prefix = id.slice(0, 3);
    if (prefix === '01t') {
      // The storefront's one product lookup: entitlements for this caller, 404 alike for unknown and hidden.
      const row = await this.products.visibleRow(store.id, ctx, id);
      return {
        recordName: row.name,
        objectName: 'Product2',
        title: row.name,
        description: seoSnippet(row.description ?? ''),
        path: `/product/${row.id}`,
        guestSees: !!guest?.canSeeProduct(row.id),
      };
    }
    if (prefix === '0ZG') {
      // The one Live/Draft rule of category reads (Draft only in preview) and the caller's entitlements.
      const node = ctx.tree.find(id);
      if (!node || node.row.webstore_id !== store.id || !showsCategory(ctx.visibility, node, ctx.isPreview))
        throw recordUnavailable(asked);
      return {
        recordName: node.row.name,
        objectName: 'ProductCategory',
        // The page's own title: "<name> datasets", as the category page has always been titled.
        title: `${node.row.name} datasets`,
        description: seoSnippet(node.row.description ?? ''),
        path: `/category/${encodeURIComponent(node.row.url_name)}`,
        guestSees: !!guest && showsCategory(guest, node, false),
      };
    }
    if (prefix === '20Y') return this.contentPage(store, ctx, id, asked);
    throw recordUnavailable(asked);
  }

  /** A page layout: shoppers read its live copy within its publication window; a previewing administrator the working copy. */
  private async contentPage(store: Webstore, ctx: CatalogueContext, id: string, asked: string): Promise<SeoRecord> {
    const row = await this.db
      .selectFrom('managed_content')
      .selectAll()
      .where('id', '=', id)
      .where('webstore_id', '=', store.id)
      .where('type_fqn', '=', CONTENT_TYPES.pageLayout)
      .executeTakeFirst();
    if (!row) throw recordUnavailable(asked);
    const live = isLiveVisible(
      {
        hasLiveCopy: row.live_body_json !== null,
        publishStartAt: row.publish_start_at,
        publishEndAt: row.publish_end_at,
      },
      new Date(),
    );
    const copy = ctx.isPreview
      ? { title: row.title, urlName: row.url_name, body: row.body_json }
      : live
        ? { title: row.live_title ?? row.title, urlName: row.live_url_name ?? row.url_name, body: row.live_body_json! }
        : null;
    if (!copy) throw recordUnavailable(asked);
    let description = '';
    try {
      description = (JSON.parse(copy.body) as Partial<PageLayoutContentBody>).description ?? '';
    } catch {
      /* a body that is not JSON has no description */
    }
    return {
      recordName: copy.title,
      objectName: 'ManagedContent',
      title: copy.title,
      description: seoSnippet(typeof description === 'string' ? description : ''),
      path: contentPagePath(copy.urlName),
      // Seen in preview, a page is indexed only when its live copy is what guests see (a Draft never is).
      guestSees: live && (!ctx.isPreview || (row.live_url_name ?? row.url_name) === row.url_name),
    };
  }
}
