// The workspace's media and pick-list calls (issue 15): a product's uploaded image (the file as the raw body,
// its alternative text in the query), its alt text alone, removing it; the store's featured datasets and a
// product's related datasets, each an ordered list replaced whole.

import type { AdminProductImage, FeaturedDatasets, ProductImageUploadType, RelatedDatasets } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { requireId } from './validate.ts';
import type { WorkspaceCall } from './workspace-call.ts';

export interface WorkspaceMediaCalls {
  uploadProductImage(
    productId: string,
    image: { file: Blob | Uint8Array; contentType: ProductImageUploadType; altText: string },
    o?: CallOptions,
  ): Promise<AdminProductImage>;
  describeProductImage(productId: string, altText: string, o?: CallOptions): Promise<AdminProductImage>;
  removeProductImage(productId: string, o?: CallOptions): Promise<void>;
  featuredDatasets(o?: CallOptions): Promise<FeaturedDatasets>;
  setFeaturedDatasets(productIds: string[], o?: CallOptions): Promise<FeaturedDatasets>;
  relatedDatasets(productId: string, o?: CallOptions): Promise<RelatedDatasets>;
  setRelatedDatasets(productId: string, productIds: string[], o?: CallOptions): Promise<RelatedDatasets>;
}

export function workspaceMediaCalls(call: WorkspaceCall): WorkspaceMediaCalls {
  const product = (id: string) => `products/${encodeURIComponent(requireId(id, 'productId'))}`;
  return {
    uploadProductImage: (id, image, o = {}) =>
      call('PUT', `${product(id)}/image`, o, {
        query: { altText: image.altText },
        rawBody: image.file,
        headers: { 'Content-Type': image.contentType },
      }),
    describeProductImage: (id, altText, o = {}) => call('PATCH', `${product(id)}/image`, o, { body: { altText } }),
    removeProductImage: async (id, o = {}) => {
      await call('DELETE', `${product(id)}/image`, o);
    },
    featuredDatasets: (o = {}) => call('GET', 'featured-datasets', o),
    setFeaturedDatasets: (productIds, o = {}) => call('PUT', 'featured-datasets', o, { body: { productIds } }),
    relatedDatasets: (id, o = {}) => call('GET', `${product(id)}/related-datasets`, o),
    setRelatedDatasets: (id, productIds, o = {}) =>
      call('PUT', `${product(id)}/related-datasets`, o, { body: { productIds } }),
  };
}
