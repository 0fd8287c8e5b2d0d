// Files the catalogue points at: product images, category tiles and dataset samples, generated from
// the product or category record so every seeded product (500 or 1,000,000) has them without files
// on disk. Unknown or inactive products, and samples of products that are not datasets, are not found.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { categoryImageSvg, type ImageSize, productImageSvg } from '../datasets/product-image.ts';
import { sampleCsv } from '../datasets/sample-csv.ts';
import { notFound } from '../domain/errors.ts';

export class AssetService {
  constructor(private db: Kysely<Database>) {}

  private activeProduct(sku: string) {
    return this.db
      .selectFrom('product')
      .selectAll()
      .where('sku', '=', sku)
      .where('is_active', '=', 1)
      .executeTakeFirst();
  }

  /** The SVG image of an active product. */
  async productImage(sku: string, size: ImageSize): Promise<string> {
    const p = await this.activeProduct(sku);
    if (!p) throw notFound('No such image.');
    return productImageSvg({ sku: p.sku, name: p.name, sicDivision: p.sic_division ?? undefined }, size);
  }

  /** The SVG tile of a category that shows an image. */
  async categoryImage(urlName: string): Promise<string> {
    const c = await this.db.selectFrom('category').selectAll().where('url_name', '=', urlName).executeTakeFirst();
    if (!c?.image_url) throw notFound('No such image.');
    return categoryImageSvg({ name: c.name, urlName: c.url_name, sicDivision: c.name });
  }

  /** The sample CSV of an active dataset, with the SKU it is named after. */
  async sample(sku: string): Promise<{ sku: string; csv: string }> {
    const p = await this.activeProduct(sku);
    if (p?.fulfilment !== 'Dataset') throw notFound('No sample exists for this product.');
    const csv = sampleCsv({
      sku: p.sku,
      name: p.name,
      includedFields: JSON.parse(p.included_fields_json),
      countries: JSON.parse(p.countries_json),
      sicCode: p.sic_code ?? undefined,
    } as Parameters<typeof sampleCsv>[0]);
    return { sku: p.sku, csv };
  }
}
