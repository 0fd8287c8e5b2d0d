// Pure helpers that turn a product record into what the dataset product page shows (spec 03 §2.2).

import {
  categoryPathToBreadcrumbs,
  DATASET_FIELDS,
  type BreadcrumbInput,
  type ProductDetail,
  ADMIN_USER_ID,
} from '@store/core';
import { toPlainText } from '../sanitize.ts';
import { productHref, safeHref } from '../links.ts';

export const RELATED_TILE_COUNT = 3;
export const HIDDEN_RELATED_POSITION = 6;
export const ADMIN_RELATED_COUNT = 10;

const field = (p: ProductDetail, name: string): string | null => {
  const v = p.fields?.[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

export const productName = (p: ProductDetail): string => field(p, 'Name') ?? '';

/** The rich description the page shows (the dataset field, else the plain Description), unsanitised. */
export const richDescriptionOf = (p: ProductDetail): string =>
  p.fields?.[DATASET_FIELDS.description] ?? p.fields?.Description ?? '';
export const productSku = (p: ProductDetail): string | null => field(p, 'StockKeepingUnit');

/** Comma-separated or '; '-separated lists (both occur in the data). */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  const sep = value.includes(';') ? ';' : ',';
  return value
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Record counts with thousands separators: '1234567' → '1,234,567'. Non-numeric text is shown as is. */
export function formatCount(value: string | null | undefined, locale = 'en-US'): string {
  if (!value) return '';
  const text = value.trim().replace(/,/g, '');
  if (/^\d+$/.test(text)) return new Intl.NumberFormat(locale).format(BigInt(text));
  if (/^\d*\.\d+$/.test(text) || /^\d+\.\d*$/.test(text))
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(text as `${number}`);
  return value.trim();
}

export interface DatasetFacts {
  listStatus: string | null;
  lastUpdated: string | null;
  categories: string[];
  recordCount: string | null;
  countries: string[];
  sicCode: string | null;
  includedFields: string[];
}

export function datasetFacts(p: ProductDetail): DatasetFacts {
  const categories: string[] = [];
  for (const n of [1, 2, 3, 4, 5] as const) {
    const line = field(p, DATASET_FIELDS.category(n));
    if (line) categories.push(line);
  }
  const count = field(p, DATASET_FIELDS.recordCount);
  return {
    listStatus: field(p, DATASET_FIELDS.listStatus),
    lastUpdated: field(p, DATASET_FIELDS.lastUpdated),
    categories,
    recordCount: count ? formatCount(count) : null,
    countries: splitList(field(p, DATASET_FIELDS.countries)),
    sicCode: field(p, DATASET_FIELDS.sicCode),
    includedFields: splitList(field(p, DATASET_FIELDS.includedFields)),
  };
}

export interface RelatedProduct {
  position: number;
  id: string | null;
  name: string;
}

/** Related product n (1-based): its id and name, or null when it has no name. */
export function relatedProduct(p: ProductDetail, n: number): RelatedProduct | null {
  const name = field(p, DATASET_FIELDS.relatedName(n));
  if (!name) return null;
  return { position: n, id: field(p, DATASET_FIELDS.related(n)), name };
}

export function relatedProducts(p: ProductDetail, from: number, to: number): RelatedProduct[] {
  const out: RelatedProduct[] = [];
  for (let n = from; n <= to; n++) {
    const r = relatedProduct(p, n);
    if (r) out.push(r);
  }
  return out;
}

/** The Related Datasets section is hidden when the product name is the text 'null' (spec 03 §2.2 item 9). */
export function showsRelatedSection(p: ProductDetail): boolean {
  return productName(p) !== 'null' && relatedProducts(p, 1, RELATED_TILE_COUNT).length > 0;
}

/** Only the user whose userId is '1' sees the related names 1 to 10; guests never do. */
export function isAdminViewer(session: { isGuest: boolean; userId: string | null } | null | undefined): boolean {
  return Boolean(session && !session.isGuest && session.userId === ADMIN_USER_ID);
}

/** Category path (root → leaf) then the product itself (core's trail rules decide what is a link). */
export function productBreadcrumbs(p: ProductDetail): BreadcrumbInput[] {
  const items = categoryPathToBreadcrumbs((p.primaryProductCategoryPath?.path ?? []).filter((c) => c?.name));
  const name = productName(p);
  if (name) items.push({ label: name, href: productHref(p.id) });
  return items;
}

/** The sample download link through the safe-URL rule; null when missing or unsafe. */
export function sampleUrl(p: ProductDetail, origin?: string | null): string | null {
  return safeHref(field(p, DATASET_FIELDS.sampleUrl), origin);
}

/** Plain-text description for meta tags and structured data (at most `max` characters). */
export function plainDescription(p: ProductDetail, max = 300): string {
  const text = toPlainText(field(p, 'Description') ?? field(p, DATASET_FIELDS.description) ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`;
}

export function productImageUrl(p: ProductDetail): string | null {
  const url = p.defaultImage?.url;
  if (url && !/default-product-image/.test(url)) return url;
  const sku = productSku(p);
  return sku ? `/media/products/${encodeURIComponent(sku)}.svg` : (url ?? null);
}

export const canonicalProductPath = (p: ProductDetail): string => productHref(p.id);

export interface JsonLdInput {
  product: ProductDetail;
  origin: string;
  price: string | null;
  currency: string | null;
}

export const absolute = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

/** schema.org Product and BreadcrumbList for search engines (spec 03 §2.2 item 11). */
export interface ProductJsonLd {
  '@context': string;
  '@graph': Record<string, unknown>[];
}

export function productJsonLd({ product, origin, price, currency }: JsonLdInput): ProductJsonLd {
  const name = productName(product);
  const url = absolute(origin, canonicalProductPath(product));
  const path = product.primaryProductCategoryPath?.path ?? [];
  const image = productImageUrl(product);
  const productLd: Record<string, unknown> = {
    '@type': 'Product',
    name,
    description: plainDescription(product, 5000),
    category: path.map((c) => c.name).join(' > ') || undefined,
    sku: productSku(product) ?? undefined,
    image: image ? absolute(origin, image) : undefined,
    url,
  };
  if (price && currency) {
    productLd.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
      url,
    };
  }
  const crumbs = productBreadcrumbs(product);
  const breadcrumbLd = {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: absolute(origin, c.href || canonicalProductPath(product)),
    })),
  };
  return { '@context': 'https://schema.org', '@graph': [productLd, breadcrumbLd] };
}

/** JSON for an inline <script>: '<' escaped so no '</script>' or '<!--' can end the block. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
