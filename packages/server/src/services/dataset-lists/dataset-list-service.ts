// The list builder's answers (issue 19): a selection's exact record count, its price for the caller, and every
// filter's per-value counts; the evaluation kit's facts. Entitlement is checked like a product read (an unknown
// product and one the caller may not see are told alike). The counts are computed on the live file version
// with the predicate the download applies (core recordInSelection).
import {
  LIST_FILTERS,
  availableListFilters,
  canonicalListSelection,
  listColumnsOf,
  defaultListPricing,
  listPriceFor,
  type DatasetEvaluation,
  type DatasetLicence,
  type DatasetListCounts,
  type DatasetListPreview,
  DATASET_PREVIEW_ROWS,
  maskListRecord,
  type ListFacet,
  type ListPricing,
  type ListSelection,
} from '@store/core';
import type { Kysely } from 'kysely';
import type { Database, DatasetFileTable, ProductTable } from '../../db/schema.ts';
import { ApiError } from '../../domain/errors.ts';
import type { CatalogueContext } from '../buyer-context.ts';
import type { PricingService } from '../pricing.ts';
import { productUnavailable, type ProductService } from '../products.ts';
import { liveDatasetFile } from '../dataset-files/file-store.ts';
import { CountIndexCache } from './count-index-cache.ts';
import { recordsAt } from './list-preview.ts';
import type { SelectionCounts } from './list-scan.ts';

/** Values listed per values-filter (the largest first); chosen values are always listed. */
export const MAX_FACET_VALUES = 200;

const LICENCE_LABELS: Record<DatasetLicence['kind'], string> = {
  single: 'Single user',
  multiUser: 'Multi-user (your organisation)',
  seats: 'Per seat',
};

export const fileNotReady = (name: string) =>
  new ApiError(
    409,
    'DATASET_FILE_NOT_READY',
    `${name} has no file of records yet, so it can't be counted or previewed.`,
  );

export class DatasetListService {
  private indexes: CountIndexCache;
  private sortedFacets = new WeakMap<SelectionCounts, ListFacet[]>();

  constructor(
    private db: Kysely<Database>,
    private products: ProductService,
    private pricing: PricingService,
  ) {
    this.indexes = new CountIndexCache(db);
  }

  /** The dataset the caller may see, with its live file (404 unknown or not entitled; 409 no ready file). */
  async liveFile(
    webstoreId: string,
    ctx: CatalogueContext,
    productId: string,
  ): Promise<{ product: ProductTable; file: DatasetFileTable }> {
    const product = await this.products.visibleRow(webstoreId, ctx, productId);
    if (product.fulfilment !== 'Dataset') throw productUnavailable(productId);
    const file = await liveDatasetFile(this.db, product.id);
    if (!file) throw fileNotReady(product.name);
    return { product, file };
  }

  /** The facets of cached counts, sorted once per answer (the answer cache keeps the counts object). */
  private facets(counts: SelectionCounts, selection: ListSelection): ListFacet[] {
    let facets = this.sortedFacets.get(counts);
    if (!facets) {
      facets = facetsOf(counts, selection);
      this.sortedFacets.set(counts, facets);
    }
    return facets;
  }

  /** The counts of a selection, from the file version's count index (cached per version and selection). */
  selectionCounts(file: DatasetFileTable, selection: ListSelection): Promise<SelectionCounts> {
    return this.indexes.counts(file, selection);
  }

  /** The selection's first records, masked; only the blocks of the file that hold them are read. */
  async preview(
    webstoreId: string,
    ctx: CatalogueContext,
    productId: string,
    selection: ListSelection,
  ): Promise<DatasetListPreview> {
    const { product, file } = await this.liveFile(webstoreId, ctx, productId);
    const index = await this.indexes.index(file);
    const counts = await this.indexes.counts(file, selection);
    const columns: string[] = JSON.parse(file.columns_json);
    const rows = await recordsAt(this.db, file, index, index.firstMatches(selection, DATASET_PREVIEW_ROWS));
    return {
      productId: product.id,
      fileVersion: file.version,
      selection: canonicalListSelection(selection),
      columns,
      rows: rows.map((r) => maskListRecord(columns, r)),
      records: counts.records,
    };
  }

  /** The seller's list pricing of a dataset, else the default from the buyer's whole price. */
  async listPricing(productId: string, wholePrice: string | null, totalRecords: number): Promise<ListPricing | null> {
    const row = await this.db
      .selectFrom('dataset_list_pricing')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (row) return { per1000: row.per_1000, minimum: row.minimum, tiers: JSON.parse(row.tiers_json) };
    return wholePrice ? defaultListPricing(wholePrice, totalRecords) : null;
  }

  /** The buyer's price for the whole dataset (its default selling model's unit price), or null. */
  async wholePrice(ctx: CatalogueContext, webstoreId: string, product: ProductTable): Promise<string | null> {
    const models = await this.products.sellingModels([product.id]);
    const prices = await this.pricing.prices({ webstoreId, buyerGroupIds: ctx.buyerGroupIds, currency: ctx.currency }, [
      { id: product.id, sellingModels: models.get(product.id) ?? [] },
    ]);
    return prices.get(product.id)?.unitPrice ?? null;
  }

  async counts(
    webstoreId: string,
    ctx: CatalogueContext,
    productId: string,
    selection: ListSelection,
  ): Promise<DatasetListCounts> {
    const { product, file } = await this.liveFile(webstoreId, ctx, productId);
    const counts = await this.selectionCounts(file, selection);
    const whole = await this.wholePrice(ctx, webstoreId, product);
    const pricing = await this.listPricing(product.id, whole, counts.total);
    const price = pricing ? listPriceFor(pricing, counts.records, whole) : null;
    return {
      productId: product.id,
      fileVersion: file.version,
      selection: canonicalListSelection(selection),
      totalRecords: counts.total,
      records: counts.records,
      price:
        price && whole
          ? {
              amount: price.amount,
              currencyIsoCode: ctx.currency,
              per1000: price.per1000,
              minimumApplied: price.minimumApplied,
              wholeListPrice: whole,
            }
          : null,
      facets: this.facets(counts, selection),
    };
  }

  async evaluation(webstoreId: string, ctx: CatalogueContext, productId: string): Promise<DatasetEvaluation> {
    const { product, file } = await this.liveFile(webstoreId, ctx, productId);
    const columns: string[] = JSON.parse(file.columns_json);
    const whole = await this.wholePrice(ctx, webstoreId, product);
    const kind = product.licence_kind as DatasetLicence['kind'] | null | undefined;
    return {
      productId: product.id,
      fileVersion: file.version,
      records: file.row_count ?? 0,
      columns,
      filters: availableListFilters(listColumnsOf(columns)),
      dictionary: file.dictionary_json ? JSON.parse(file.dictionary_json) : [],
      refreshedAt: file.ready_at ?? file.uploaded_at,
      updateCadence: product.update_cadence ?? null,
      licence: kind
        ? { kind, label: LICENCE_LABELS[kind] ?? kind, termMonths: product.licence_term_months ?? null }
        : null,
      listPricing: await this.listPricing(product.id, whole, file.row_count ?? 0),
    };
  }
}

/** The facets in filter order: values by count (then name), the largest MAX_FACET_VALUES plus any chosen. */
export function facetsOf(counts: SelectionCounts, selection: ListSelection): ListFacet[] {
  return LIST_FILTERS.filter((f) => counts.filters.includes(f.key)).map((f) => {
    const chosen = selection[f.key];
    const picked = new Set(chosen === true ? ['1'] : (chosen ?? []));
    const all = [...(counts.facets.get(f.key) ?? new Map<string, number>())].sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    );
    if (f.kind === 'flag') {
      const count = all.find(([v]) => v === '1')?.[1] ?? 0;
      return {
        key: f.key,
        label: f.label,
        kind: f.kind,
        values: [{ value: '1', count, selected: picked.has('1') }],
        truncated: false,
      };
    }
    const top = all.slice(0, MAX_FACET_VALUES);
    for (const v of picked) if (!top.some(([x]) => x === v)) top.push([v, counts.facets.get(f.key)?.get(v) ?? 0]);
    return {
      key: f.key,
      label: f.label,
      kind: f.kind,
      values: top.map(([value, count]) => ({ value, count, selected: picked.has(value) })),
      truncated: all.length > MAX_FACET_VALUES,
    };
  });
}
