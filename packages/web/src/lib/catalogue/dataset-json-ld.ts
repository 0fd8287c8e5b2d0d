// schema.org Dataset for a dataset's page (issue 19), beside its Product (productJsonLd): search engines'
// dataset search reads this one. It describes the file behind the product (its columns, last refresh, the
// countries it covers), where its free sample is, the licence, and offers the same Offer as the Product, since
// the data is not free.

import type { DatasetEvaluation, ProductDetail } from '@store/core';
import { LICENCE_TERMS_PATH } from '../list-builder/evaluation-view.ts';
import {
  absolute,
  canonicalProductPath,
  datasetFacts,
  plainDescription,
  productName,
  productSku,
  sampleUrl,
  type ProductJsonLd,
} from './product-view.ts';

export interface DatasetJsonLdInput {
  product: ProductDetail;
  origin: string;
  evaluation: DatasetEvaluation;
  /** The store: the dataset's creator and publisher. */
  storeName: string;
  /** The Product's Offer (productJsonLd's), when the product has a price. */
  offer: unknown;
}

/** The Dataset node (for a page's @graph). */
export function datasetJsonLd({ product, origin, evaluation, storeName, offer }: DatasetJsonLdInput) {
  const url = absolute(origin, canonicalProductPath(product));
  const dictionary = new Map(evaluation.dictionary.map((f) => [f.name, f.description]));
  const store = { '@type': 'Organization', name: storeName || undefined, url: absolute(origin, '/') };
  const sample = sampleUrl(product, origin);
  const countries = datasetFacts(product).countries;
  return {
    '@type': 'Dataset',
    '@id': `${url}#dataset`,
    name: productName(product),
    description: plainDescription(product, 5000),
    url,
    identifier: productSku(product) ?? undefined,
    variableMeasured: evaluation.columns.map((name) => ({
      '@type': 'PropertyValue',
      name,
      description: dictionary.get(name) || undefined,
    })),
    dateModified: evaluation.refreshedAt,
    spatialCoverage: countries.length ? countries.map((name) => ({ '@type': 'Place', name })) : undefined,
    license: absolute(origin, LICENCE_TERMS_PATH),
    isAccessibleForFree: false,
    creator: store,
    publisher: store,
    distribution: sample
      ? [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: absolute(origin, sample) }]
      : undefined,
    offers: offer ?? undefined,
  };
}

/** The page's JSON-LD with the Dataset added to its graph. */
export function withDataset(jsonLd: ProductJsonLd, input: Omit<DatasetJsonLdInput, 'offer'>): ProductJsonLd {
  const productNode = jsonLd['@graph'].find((n) => n['@type'] === 'Product');
  return { ...jsonLd, '@graph': [...jsonLd['@graph'], datasetJsonLd({ ...input, offer: productNode?.offers })] };
}
