// The access matrix, generated from the routes: every operation of the OpenAPI document that reads or
// changes something a shopper owns (test-support/owned-operations.ts classifies them, and fails on an
// owned-looking one it does not know) is tried on the owner's records by five parties: the owner, another
// user of the owner's account, a buyer of another account, a guest, and a session that logged out and
// replays its cookies. Only the owner (and, for what the account holds, its other user) gets through;
// every other call is refused as an unknown record would be, and changes nothing the owner owns.
// modules/access.test.ts covers the catalogue side per persona; security/side-routes.test.ts the files.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { errorOf, startTestServer, type Reply, type TestServer } from '../test-support/server.ts';
import { buildWorld, send, snapshotOf, type Party, type World } from '../test-support/access-world.ts';
import { CASES, classify, type Request } from '../test-support/owned-operations.ts';

let s: TestServer;
let w: World;
let parties: Party[];

before(async () => {
  s = await startTestServer();
  ({ w, parties } = await buildWorld(s));
});
after(async () => {
  await s?.close();
});

/** The codes a refusal may carry: not found, another account's, log in, no address book for guests, stale CSRF. */
const REFUSALS = new Set([
  'ITEM_NOT_FOUND',
  'NOT_FOUND',
  'INSUFFICIENT_ACCESS',
  'INVALID_SESSION_ID',
  'CPA_DISABLED',
  'INVALID_CSRF_TOKEN',
]);

/** An id of the same kind that does not exist. */
const unknownLike = (id: string) => `${id.slice(0, 3)}000000999999AAA`;

/** The parts of the owner's snapshot that differ. */
function changed(before: string, after: string): string[] {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

function swapped(req: Request, from: string, to: string): Request {
  return JSON.parse(JSON.stringify(req).replaceAll(from, to));
}

describe('the classifier', () => {
  test('every operation with an owned-looking path is classified, and the table names only real operations', async () => {
    const doc = (await s.get('/api/docs')).body;
    const c = classify(doc);
    assert.deepEqual(c.unclassified, [], 'unclassified operations with owned-looking paths');
    assert.deepEqual(c.stale, [], 'classified operations the API no longer has');
    console.log(`access matrix: ${c.ops.length} operations, ${c.owned.length} owned, ${c.notOwned.length} not owned`);
  });

  test('a new owned-looking operation fails the classifier until it is classified', async () => {
    const doc = (await s.get('/api/docs')).body;
    const grown = {
      paths: {
        ...doc.paths,
        '/services/data/v65.0/commerce/webstores/{webstoreId}/workspaces/{workspaceId}': { get: {} },
        '/services/data/v65.0/commerce/webstores/{webstoreId}/lists/{listId}': { post: {} },
      },
    };
    assert.deepEqual(classify(grown).unclassified, ['GET /workspaces/{workspaceId}', 'POST /lists/{listId}']);
  });
});

describe('owned operations by party', () => {
  test('only the owner (and the account’s other user, for what the account holds) gets through; refusals change nothing', async () => {
    const seen = { tried: 0, refused: 0, allowed: 0, expectedAllowed: 0 };
    const statuses = new Map<string, number>();
    for (const c of CASES) {
      if (c.prepare) await c.prepare(w);
      let removedByMember = false;
      for (const p of parties) {
        const mayUse = p.name === 'owner' || (c.shared && p.name === 'account member');
        if (mayUse) seen.expectedAllowed++;
        if (mayUse && removedByMember && c.prepare) await c.prepare(w);
        const req = c.call(w);
        const what = `${p.name}: ${c.op} (${req.method} ${req.path})`;
        const before = await snapshotOf(w);
        const res: Reply = await send(p.agent, req.method, req.path, req.body);
        seen.tried++;
        assert.ok(res.status < 500, `${what}: ${res.status} ${res.text.slice(0, 300)}`);
        if (mayUse) {
          assert.ok(res.status < 400, `${what} must succeed: ${res.status} ${res.text.slice(0, 300)}`);
          if (c.shows) assert.ok(c.shows(w, res), `${what} shows the owner's records`);
          if (p.name === 'owner') c.after?.(w, res);
          // An allowed change may go on in the background (arrange-items answers 202): let it land first.
          await s.services.cartOperations.idle();
          if (p.name === 'account member' && c.destroys) removedByMember = true;
          seen.allowed++;
          continue;
        }
        statuses.set(`${res.status}`, (statuses.get(`${res.status}`) ?? 0) + 1);
        if (c.shows) assert.equal(c.shows(w, res), false, `${what} shows the owner's records`);
        else if (c.scope === 'record') {
          assert.ok(
            [401, 403, 404].includes(res.status),
            `${what} is refused: ${res.status} ${res.text.slice(0, 300)}`,
          );
          assert.ok(REFUSALS.has(errorOf(res).errorCode), `${what}: ${errorOf(res).errorCode}`);
          if (req.target) {
            const other = unknownLike(req.target);
            const probe = swapped(req, req.target, other);
            const unknown = await send(p.agent, probe.method, probe.path, probe.body);
            assert.equal(res.status, unknown.status, `${what}: the same status as for an unknown record`);
            assert.equal(
              res.text.replaceAll(req.target, other),
              unknown.text,
              `${what}: the same body as for an unknown record`,
            );
          }
        }
        assert.deepEqual(changed(before, await snapshotOf(w)), [], `${what} changed what the owner owns`);
        seen.refused++;
      }
    }
    assert.equal(
      seen.allowed,
      seen.expectedAllowed,
      'allowed == the owner’s cases and the account member’s shared ones',
    );
    const members = CASES.filter((c) => c.shared).length;
    console.log(
      `access matrix: ${CASES.length} owned-operation cases x ${parties.length} parties = ${seen.tried} tried, ${seen.refused} refused, ${seen.allowed} allowed (= ${CASES.length} owner + ${members} account-member cases on what the account holds); refusal statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  });
});
