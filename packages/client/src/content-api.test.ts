import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCommerceClient } from './api.ts';
import { CommerceFetchError } from './errors.ts';
import { json, pathOf, queryOf, recordingFetch, type Responder } from './test-support.ts';

const WS = '0ZE000000000001AAA';
const SITE = '0DM000000000001AAA';
const CHANNEL = '0ap000000000001AAA';
const KEY = 'MCDDDEMO00000000000000000012';
const SITE_PATH = `/services/data/v65.0/connect/sites/${SITE}/cms/delivery/contents`;
const CHANNEL_PATH = `/services/data/v65.0/connect/cms/delivery/channels/${CHANNEL}/contents`;

function setup(respond?: Responder) {
  const { fetch, calls } = recordingFetch(respond);
  const client = createCommerceClient({ webstoreId: WS, fetch, csrfToken: () => 'tok' });
  return { client, calls };
}

const page = { contents: [], total: 0, page: 0, pageSize: 25, currentPageUrl: '', nextPageUrl: null };

describe('content delivery calls', () => {
  it('asks a site for a page of contents with every query parameter, lists joined by commas', async () => {
    const { client, calls } = setup(() => json(page));
    const answer = await client.getSiteContents(SITE, {
      contentKeys: [KEY, 'MCDDDEMO00000000000000000001'],
      managedContentIds: ['20Y000000000001AAA'],
      contentTypeFQN: 'dd__pageLayout',
      page: 2,
      pageSize: 10,
      referenceDepth: 1,
      includeContentBody: true,
      language: 'en_US',
      publishStartDate: '2026-01-01T00:00:00Z',
      publishEndDate: '2026-12-31',
      expandReferences: false,
    });
    assert.deepEqual(answer, page);
    assert.equal(calls[0]!.method, 'GET');
    assert.equal(pathOf(calls[0]!.url), SITE_PATH);
    assert.deepEqual(queryOf(calls[0]!.url), {
      contentKeys: `${KEY},MCDDDEMO00000000000000000001`,
      managedContentIds: '20Y000000000001AAA',
      contentTypeFQN: 'dd__pageLayout',
      page: '2',
      pageSize: '10',
      referenceDepth: '1',
      includeContentBody: 'true',
      language: 'en_US',
      publishStartDate: '2026-01-01T00:00:00Z',
      publishEndDate: '2026-12-31',
      expandReferences: 'false',
    });
  });

  it('asks a channel the same way, and sends nothing that was not given', async () => {
    const { client, calls } = setup(() => json(page));
    await client.getChannelContents(CHANNEL);
    assert.equal(pathOf(calls[0]!.url), CHANNEL_PATH);
    assert.deepEqual(queryOf(calls[0]!.url), {});
  });

  it('asks for one item by key or id, on a site or a channel, with the single-item parameters', async () => {
    const { client, calls } = setup(() => json({ contentKey: KEY }));
    await client.getSiteContent(SITE, KEY, {
      referenceDepth: 2,
      referencesAsList: true,
      showAbsoluteUrl: true,
      expandReferences: true,
      language: 'fr_FR',
    });
    await client.getChannelContent(CHANNEL, '20Y000000000012AAA');
    assert.equal(pathOf(calls[0]!.url), `${SITE_PATH}/${KEY}`);
    assert.deepEqual(queryOf(calls[0]!.url), {
      referenceDepth: '2',
      referencesAsList: 'true',
      showAbsoluteUrl: 'true',
      expandReferences: 'true',
      language: 'fr_FR',
    });
    assert.equal(pathOf(calls[1]!.url), `${CHANNEL_PATH}/20Y000000000012AAA`);
  });

  it('throws a TypeError before any request for an empty, missing or wrongly prefixed site or channel id', async () => {
    const { client, calls } = setup();
    const refused: Array<[string, () => Promise<unknown>]> = [
      ['empty site', () => client.getSiteContents('')],
      ['blank site', () => client.getSiteContents('   ')],
      ['missing site', () => client.getSiteContents(undefined as unknown as string)],
      ['number as site', () => client.getSiteContents(42 as unknown as string)],
      ['channel id as site', () => client.getSiteContents(CHANNEL)],
      ['webstore id as site', () => client.getSiteContent(WS, KEY)],
      ['empty channel', () => client.getChannelContents('')],
      ['site id as channel', () => client.getChannelContents(SITE)],
      ['site id as channel (single)', () => client.getChannelContent(SITE, KEY)],
      ['lower-case prefix', () => client.getSiteContents('0dm000000000001AAA')],
    ];
    for (const [what, call] of refused) await assert.rejects(call(), TypeError, what);
    assert.equal(calls.length, 0);
  });

  it('throws a TypeError before any request when the single call has no content key or id', async () => {
    const { client, calls } = setup();
    await assert.rejects(client.getSiteContent(SITE, ''), TypeError);
    await assert.rejects(client.getSiteContent(SITE, undefined as unknown as string), TypeError);
    await assert.rejects(client.getChannelContent(CHANNEL, '  '), TypeError);
    await assert.rejects(client.getChannelContent(CHANNEL, null as unknown as string), TypeError);
    assert.equal(calls.length, 0);
  });

  it('throws a TypeError before any request for arguments of the wrong type (spec 03 §5)', async () => {
    const { client, calls } = setup();
    const wrong: Array<Record<string, unknown>> = [
      { contentKeys: KEY },
      { contentKeys: [KEY, 1] },
      { managedContentIds: '20Y000000000001AAA' },
      { managedContentIds: [null] },
      { contentTypeFQN: ['dd__banner'] },
      { page: '1' },
      { pageSize: '10' },
      { pageSize: Number.NaN },
      { referenceDepth: '1' },
      { includeContentBody: 'true' },
      { includeContentBody: 1 },
    ];
    for (const query of wrong)
      await assert.rejects(client.getSiteContents(SITE, query as never), TypeError, JSON.stringify(query));
    await assert.rejects(client.getSiteContent(SITE, KEY, { referenceDepth: '1' } as never), TypeError);
    await assert.rejects(client.getChannelContent(CHANNEL, KEY, { referencesAsList: 'yes' } as never), TypeError);
    assert.equal(calls.length, 0);
  });

  it('rejects a failed call with an error carrying the status text (spec 03 §8)', async () => {
    const { client } = setup(
      () =>
        new Response(JSON.stringify([{ errorCode: 'NOT_FOUND', message: 'The content x does not exist.' }]), {
          status: 404,
          statusText: 'Not Found',
        }),
    );
    const err = await client.getSiteContent(SITE, KEY).catch((e: unknown) => e);
    assert.ok(err instanceof CommerceFetchError);
    assert.equal(err.message, 'Not Found');
    assert.equal(err.status, 404);
    assert.equal(err.errors[0]!.type, 'NOT_FOUND');
    // HTTP/2 carries no reason phrase: the standard one stands in.
    const { client: h2 } = setup(() => new Response('[]', { status: 400 }));
    await assert.rejects(h2.getChannelContents(CHANNEL, { page: -1 }), { message: 'Bad Request' });
  });

  it('passes the signal: an aborted call rejects with an AbortError', async () => {
    const { client } = setup(() => json(page));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(client.getSiteContents(SITE, { signal: controller.signal }), { name: 'AbortError' });
  });
});
