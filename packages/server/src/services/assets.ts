// Files the catalogue points at: product images, category tiles and dataset samples (cut from the seller's
// file, issue 19). Images are generated from the product or category record, so every seeded product (500 or
// 1,000,000) has them without files on disk. They are records too: a product's files are served through the one entitlement-aware
// lookup (ProductService.visibleRowsBySkus) and a category's tile through the one Live/Draft rule
// (showsCategory), so a file discloses nothing its product or category call would not. Unknown,
// inactive, hidden and Draft are answered alike.
import type { CatalogueContext } from './buyer-context.ts';
import { showsCategory } from './category-reads.ts';
import type { ProductService, Viewer } from './products.ts';
import { categoryImageSvg, type ImageProduct, type ImageSize, productImageSvg } from '../datasets/product-image.ts';
import { rasterizeSvg } from '../datasets/product-image-raster.ts';
import { productImageVersion } from '../datasets/product-image-version.ts';
import type { DiskCache } from './image-disk-cache.ts';
import { datasetSample } from './dataset-files/sample.ts';
import { storedImageRendition } from '../datasets/uploaded-image.ts';
import type { UploadedImages } from './uploaded-images.ts';
import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';

const noImage = () => notFound('No such image.');
const noSample = () => notFound('No sample exists for this product.');

/** A product image file, with the content version it was made from (what its URL's `v` names). */
export interface ProductImageFile {
  body: string | Buffer;
  contentType: 'image/svg+xml' | 'image/webp';
  version: string;
}

const imageOf = (p: ProductTable): ImageProduct => ({ sku: p.sku, name: p.name, sicDivision: p.sic_division });

export class AssetService {
  constructor(
    private products: ProductService,
    private renditions: DiskCache,
    private uploads: UploadedImages,
    private db: Kysely<Database>,
  ) {}

  private async visibleProduct(webstoreId: string, viewer: Viewer, sku: string): Promise<ProductTable | undefined> {
    const [row] = await this.products.visibleRowsBySkus(webstoreId, viewer, [sku]);
    return row;
  }

  /** The SVG image of an active product the caller may see, with its content version. */
  async productImage(webstoreId: string, viewer: Viewer, sku: string, size: ImageSize): Promise<ProductImageFile> {
    const p = await this.visibleProduct(webstoreId, viewer, sku);
    if (!p) throw noImage();
    const image = imageOf(p);
    return { body: productImageSvg(image, size), contentType: 'image/svg+xml', version: productImageVersion(image) };
  }

  /**
   * The image of an active product the caller may see as a WebP `width` pixels wide (a width the caller
   * has checked against RESIZED_IMAGE_WIDTHS): made once per product, size, width and content version,
   * then read from the disk cache, by this process or any other sharing the folder. A product whose seller
   * uploaded an image is drawn from that image (stored in the database, so every process can) under the
   * upload's version; the same visibility check comes first, so a Draft or entitled-away product's upload is
   * the same 404 as its generated image.
   */
  async resizedProductImage(
    webstoreId: string,
    viewer: Viewer,
    sku: string,
    size: ImageSize,
    width: number,
  ): Promise<ProductImageFile> {
    const p = await this.visibleProduct(webstoreId, viewer, sku);
    if (!p) throw noImage();
    const image = imageOf(p);
    const uploaded = await this.uploads.versionOf(p.id);
    const version = uploaded ?? productImageVersion(image);
    const make = uploaded
      ? storedImageRendition(() => this.uploads.content(p.id, uploaded), width, noImage)
      : () => rasterizeSvg(productImageSvg(image, size), width);
    // One file per product, size and width: a new version's rendition retires the older ones.
    const bytes = await this.renditions.getOrMakeVersion(
      `products/${p.sku}`,
      `${size}-${width}-`,
      version,
      'webp',
      make,
    );
    return { body: bytes, contentType: 'image/webp', version };
  }

  /** The SVG tile of a category the caller is shown, when it has an image. */
  categoryImage(ctx: CatalogueContext, urlName: string): string {
    const c = ctx.tree.byUrlName.get(urlName.toLowerCase());
    if (!c?.row.image_url || !showsCategory(ctx.visibility, c, ctx.isPreview)) throw noImage();
    return categoryImageSvg({ name: c.row.name, urlName: c.row.url_name, sicDivision: c.row.name });
  }

  /** The sample CSV of an active dataset the caller may see: the header and first records of its live file. */
  async sample(webstoreId: string, viewer: Viewer, sku: string): Promise<{ sku: string; csv: string }> {
    const p = await this.visibleProduct(webstoreId, viewer, sku);
    if (p?.fulfilment !== 'Dataset') throw noSample();
    const csv = await datasetSample(this.db, p.id);
    if (csv === null) throw noSample();
    return { sku: p.sku, csv };
  }
}
