// The schema.org Dataset beside the Product on a dataset's page: its shape, as a search engine reads it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { datasetProduct } from '../../test-support/fixtures.ts';
import { evaluation } from '../../test-support/dataset-kit.ts';
import { productJsonLd } from './product-view.ts';
import { withDataset } from './dataset-json-ld.ts';

const ORIGIN = 'https://shop.example.com';

describe('schema.org Dataset', () => {
  test('beside the Product, describing the file, its sample, licence and the Product’s offer', () => {
    const product = datasetProduct();
    const page = withDataset(productJsonLd({ product, origin: ORIGIN, price: '349.00', currency: 'USD' }), {
      product,
      origin: ORIGIN,
      evaluation: evaluation(),
      storeName: 'Data Depot',
    });
    const graph = JSON.parse(JSON.stringify(page))['@graph'];
    assert.deepEqual(
      graph.map((n: { '@type': string }) => n['@type']),
      ['Product', 'BreadcrumbList', 'Dataset'],
    );
    const [productLd, , dataset] = graph;
    const url = `${ORIGIN}/product/${product.id}`;
    const store = { '@type': 'Organization', name: 'Data Depot', url: `${ORIGIN}/` };
    assert.deepEqual(dataset, {
      '@type': 'Dataset',
      '@id': `${url}#dataset`,
      name: product.fields.Name,
      description: productLd.description,
      url,
      identifier: product.fields.StockKeepingUnit,
      variableMeasured: [
        { '@type': 'PropertyValue', name: 'Company Name', description: 'The business name' },
        { '@type': 'PropertyValue', name: 'Contact Name' },
        { '@type': 'PropertyValue', name: 'City' },
        { '@type': 'PropertyValue', name: 'State' },
        { '@type': 'PropertyValue', name: 'ZIP' },
        { '@type': 'PropertyValue', name: 'Phone', description: 'The main phone number' },
        { '@type': 'PropertyValue', name: 'Email', description: 'A contact email address' },
      ],
      dateModified: '2026-11-02T23:30:00.000Z',
      spatialCoverage: [{ '@type': 'Place', name: 'United States' }],
      license: `${ORIGIN}/licence-terms`,
      isAccessibleForFree: false,
      creator: store,
      publisher: store,
      distribution: [
        {
          '@type': 'DataDownload',
          encodingFormat: 'text/csv',
          contentUrl: `${ORIGIN}${product.fields.B2B_Download_Sample_URL__c}`,
        },
      ],
      offers: {
        '@type': 'Offer',
        price: '349.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    // Search engines require a description of 50 to 5000 characters.
    assert.ok(dataset.description.length >= 50 && dataset.description.length <= 5000);
  });

  test('without a price or a sample: no offer and no distribution, never a free dataset', () => {
    const product = datasetProduct({ B2B_Download_Sample_URL__c: null });
    const graph = withDataset(productJsonLd({ product, origin: ORIGIN, price: null, currency: null }), {
      product,
      origin: ORIGIN,
      evaluation: evaluation({ dictionary: [] }),
      storeName: 'Data Depot',
    })['@graph'];
    const dataset = JSON.parse(JSON.stringify(graph[2]));
    assert.equal(dataset.offers, undefined);
    assert.equal(dataset.distribution, undefined);
    assert.equal(dataset.isAccessibleForFree, false);
    assert.deepEqual(dataset.variableMeasured[0], { '@type': 'PropertyValue', name: 'Company Name' });
  });
});
