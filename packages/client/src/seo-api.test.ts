import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SEO_CACHE_MS } from '@store/core';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { isSeoFailure } from './seo-api.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const COMMUNITY = '0DB000000000001AAA';
const PRODUCT = '01t000000000101AAA';
const CATEGORY = '0ZG000000000002AAA';

const answer = (recordId: string) => ({
  recordName: 'US Dentists',
  objectName: 'Product2',
  fields: { title: 'US Dentists', description: 'Every dentist.' },
  complexFields: {},
  hrefLangUrls: [{ language: 'en-US', url: `https://shop.example.com/product/${recordId}` }],
  canonicalUrl: `https://shop.example.com/product/${recordId}`,
  isSeoIndexed: true,
});

function setup(respond: Responder = (c) => json(answer(pathOf(c.url).split('/').at(-1)!))) {
  let clock = 1_000_000;
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, now: () => clock });
  return { client, calls, tick: (ms: number) => (clock += ms) };
}

describe('getSeoProperties', () => {
  it('GET /connect/communities/{communityId}/seo/properties/{recordId}, fields as a comma list', async () => {
    const { client, calls } = setup();
    const all = await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.ok(!isSeoFailure(all));
    assert.equal(all.canonicalUrl, `https://shop.example.com/product/${PRODUCT}`);
    assert.equal(
      pathOf(calls[0]!.url),
      `/services/data/v65.0/connect/communities/${COMMUNITY}/seo/properties/${PRODUCT}`,
    );
    assert.deepEqual(queryOf(calls[0]!.url), {});
    await client.getSeoProperties(COMMUNITY, PRODUCT, ['title', 'description']);
    assert.deepEqual(queryOf(calls[1]!.url), { fields: 'title,description' });
    assert.equal(calls[1]!.method, 'GET');
  });

  it('both ids are required: a TypeError before any request', async () => {
    const { client, calls } = setup();
    for (const [community, record] of [
      ['', PRODUCT],
      [COMMUNITY, ''],
      [undefined, PRODUCT],
      [COMMUNITY, null],
      ['  ', PRODUCT],
    ] as Array<[unknown, unknown]>) {
      await assert.rejects(client.getSeoProperties(community as string, record as string), TypeError);
    }
    await assert.rejects(client.getSeoProperties(COMMUNITY, PRODUCT, 'title' as never), TypeError);
    assert.equal(calls.length, 0);
  });

  it('kept one hour per (community, record, fields)', async () => {
    const { client, calls, tick } = setup();
    await client.getSeoProperties(COMMUNITY, PRODUCT);
    await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.equal(calls.length, 1, 'the same question within the hour is answered from the cache');
    await client.getSeoProperties(COMMUNITY, PRODUCT, ['title']);
    await client.getSeoProperties(COMMUNITY, CATEGORY);
    await client.getSeoProperties('0DB000000000002AAA', PRODUCT);
    assert.equal(calls.length, 4, 'other fields, another record, another community: each its own entry');
    tick(SEO_CACHE_MS - 1);
    await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.equal(calls.length, 4, 'still within the hour');
    tick(1);
    await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.equal(calls.length, 5, 'an hour on, asked again');
    // Two pages asking at once share one request.
    tick(SEO_CACHE_MS);
    await Promise.all([client.getSeoProperties(COMMUNITY, PRODUCT), client.getSeoProperties(COMMUNITY, PRODUCT)]);
    assert.equal(calls.length, 6);
  });

  it('on error an empty result with the error, never a throw, and not kept', async () => {
    let fail = true;
    const { client, calls } = setup(() =>
      fail
        ? json([{ errorCode: 'NOT_FOUND', message: 'gone' }], { status: 404, statusText: 'Not Found' })
        : json(answer(PRODUCT)),
    );
    const failed = await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.ok(isSeoFailure(failed));
    assert.deepEqual(Object.keys(failed), ['error']);
    assert.ok(failed.error instanceof CommerceFetchError);
    assert.equal((failed.error as CommerceFetchError).status, 404);
    fail = false;
    const ok = await client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.ok(!isSeoFailure(ok), 'the failure was not kept');
    assert.equal(calls.length, 2);

    const network = setup(() => {
      throw new Error('offline');
    });
    const down = await network.client.getSeoProperties(COMMUNITY, PRODUCT);
    assert.ok(isSeoFailure(down));
    assert.match(String((down.error as Error).message), /offline/);
  });

  it('a cancelled call rejects with its AbortError, as every call does', async () => {
    const { client } = setup();
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(client.getSeoProperties(COMMUNITY, PRODUCT, undefined, { signal: controller.signal }), {
      name: 'AbortError',
    });
  });
});
