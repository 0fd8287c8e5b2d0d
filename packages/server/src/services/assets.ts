// Files the catalogue points at: product images, category tiles and dataset samples, generated from
// the product or category record so every seeded product (500 or 1,000,000) has them without files
// on disk. They are records too: a product's files are served through the one entitlement-aware
// lookup (ProductService.visibleRowsBySkus) and a category's tile through the one Live/Draft rule
// (showsCategory), so a file discloses nothing its product or category call would not. Unknown,
// inactive, hidden and Draft are answered alike.
import type { CatalogueContext } from './buyer-context.ts';
import { showsCategory } from './category-reads.ts';
import type { ProductService, Viewer } from './products.ts';
import { categoryImageSvg, type ImageSize, productImageSvg } from '../datasets/product-image.ts';
import { sampleCsv } from '../datasets/sample-csv.ts';
import type { ProductTable } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';

const noImage = () => notFound('No such image.');
const noSample = () => notFound('No sample exists for this product.');

export class AssetService {
  constructor(private products: ProductService) {}

  private async visibleProduct(webstoreId: string, viewer: Viewer, sku: string): Promise<ProductTable | undefined> {
    const [row] = await this.products.visibleRowsBySkus(webstoreId, viewer, [sku]);
    return row;
  }

  /** The SVG image of an active product the caller may see. */
  async productImage(webstoreId: string, viewer: Viewer, sku: string, size: ImageSize): Promise<string> {
    const p = await this.visibleProduct(webstoreId, viewer, sku);
    if (!p) throw noImage();
    return productImageSvg({ sku: p.sku, name: p.name, sicDivision: p.sic_division ?? undefined }, size);
  }

  /** The SVG tile of a category the caller is shown, when it has an image. */
  categoryImage(ctx: CatalogueContext, urlName: string): string {
    const c = ctx.tree.byUrlName.get(urlName.toLowerCase());
    if (!c?.row.image_url || !showsCategory(ctx.visibility, c, ctx.isPreview)) throw noImage();
    return categoryImageSvg({ name: c.row.name, urlName: c.row.url_name, sicDivision: c.row.name });
  }

  /** The sample CSV of an active dataset the caller may see, with the SKU it is named after. */
  async sample(webstoreId: string, viewer: Viewer, sku: string): Promise<{ sku: string; csv: string }> {
    const p = await this.visibleProduct(webstoreId, viewer, sku);
    if (p?.fulfilment !== 'Dataset') throw noSample();
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
