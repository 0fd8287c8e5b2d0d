// The name a dataset's download is saved under. The file itself is the seller's, stored in the database
// (services/dataset-files/: delivery.ts streams it, whole or a selection of its records).
import type { ProductTable } from '../db/schema.ts';

/**
 * The download's file name, for Content-Disposition: the SKU and a slug of the product name
 * ("DS-00001-us-dentists-email-list.csv"). ASCII letters, digits, '-' and '.' only, so it needs no
 * quoting or RFC 5987 encoding.
 */
export function datasetFileName(row: Pick<ProductTable, 'sku' | 'name'>): string {
  const sku = row.sku
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const name = row.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${[sku, name].filter(Boolean).join('-') || 'dataset'}.csv`;
}
