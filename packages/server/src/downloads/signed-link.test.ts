// Signed download tokens: what is signed comes back, and anything altered, foreign or late does not.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { signDownload, verifyDownload, type DownloadClaim } from './signed-link.ts';

const SECRET = 'k'.repeat(43);
const NOW = Date.parse('2026-11-21T10:00:00Z');
const claim: DownloadClaim = {
  orderId: '0OrA1b2C3d4E5f6AAA',
  orderItemId: '0Oi9z8Y7x6W5v4AAA',
  expiresAt: NOW + 7 * 86_400_000,
};

/** Flips one base64url character to another (keeping the token well-formed). */
const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('signed download links', () => {
  it('round-trips a claim through a URL-safe token', () => {
    const token = signDownload(SECRET, claim);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    assert.equal(encodeURIComponent(token), token);
    assert.deepEqual(verifyDownload(SECRET, token, NOW), { ok: true, claim });
    assert.deepEqual(verifyDownload(SECRET, token, claim.expiresAt - 1), { ok: true, claim });
    assert.equal(signDownload(SECRET, claim), token, 'deterministic');
    assert.notEqual(signDownload(SECRET, { ...claim, orderItemId: 'other' }), token);
  });

  it('rejects a tampered payload', () => {
    const [payload, sig] = signDownload(SECRET, claim).split('.');
    const extended = Buffer.from(JSON.stringify({ ...claim, expiresAt: claim.expiresAt + 86_400_000 })).toString(
      'base64url',
    );
    assert.deepEqual(verifyDownload(SECRET, `${extended}.${sig}`, NOW), { ok: false, reason: 'bad-signature' });
    const otherItem = Buffer.from(JSON.stringify({ ...claim, orderItemId: 'someone-else' })).toString('base64url');
    assert.deepEqual(verifyDownload(SECRET, `${otherItem}.${sig}`, NOW), { ok: false, reason: 'bad-signature' });
    for (const at of [0, 5, payload.length - 1]) {
      assert.deepEqual(
        verifyDownload(SECRET, `${flip(payload, at)}.${sig}`, NOW),
        { ok: false, reason: 'bad-signature' },
        `payload char ${at}`,
      );
    }
  });

  it('rejects a tampered signature, including a non-canonical encoding of the right one', () => {
    const [payload, sig] = signDownload(SECRET, claim).split('.');
    for (const at of [0, 20, sig.length - 1]) {
      assert.deepEqual(
        verifyDownload(SECRET, `${payload}.${flip(sig, at)}`, NOW),
        { ok: false, reason: 'bad-signature' },
        `signature char ${at}`,
      );
    }
    assert.deepEqual(
      verifyDownload(SECRET, `${payload}.${sig.slice(0, -1)}`, NOW),
      { ok: false, reason: 'bad-signature' },
      'truncated',
    );
    assert.deepEqual(
      verifyDownload(SECRET, `${payload}.${sig}A`, NOW),
      { ok: false, reason: 'bad-signature' },
      'extended',
    );
    // 32 bytes in 43 base64url characters leave 2 spare bits in the last one: same bytes, other text.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = sig.slice(0, -1) + last[last.indexOf(sig.at(-1)!) ^ 1];
    assert.deepEqual(Buffer.from(twin, 'base64url'), Buffer.from(sig, 'base64url'));
    assert.deepEqual(verifyDownload(SECRET, `${payload}.${twin}`, NOW), { ok: false, reason: 'bad-signature' });
  });

  it('rejects a token signed with another secret', () => {
    const token = signDownload('another secret entirely', claim);
    assert.deepEqual(verifyDownload(SECRET, token, NOW), { ok: false, reason: 'bad-signature' });
    // A bare HMAC of the payload (no context prefix) is not a valid signature either.
    const [payload] = token.split('.');
    const bare = createHmac('sha256', SECRET).update(payload).digest('base64url');
    assert.deepEqual(verifyDownload(SECRET, `${payload}.${bare}`, NOW), { ok: false, reason: 'bad-signature' });
  });

  it('rejects an expired token, from the expiry instant on', () => {
    const token = signDownload(SECRET, claim);
    assert.deepEqual(verifyDownload(SECRET, token, claim.expiresAt), { ok: false, reason: 'expired' });
    assert.deepEqual(verifyDownload(SECRET, token, claim.expiresAt + 1), { ok: false, reason: 'expired' });
    const past = signDownload(SECRET, { ...claim, expiresAt: NOW - 1 });
    assert.deepEqual(verifyDownload(SECRET, past, NOW), { ok: false, reason: 'expired' });
    assert.equal(verifyDownload(SECRET, past).ok, false, 'defaults to the clock');
    assert.equal(
      verifyDownload(SECRET, signDownload(SECRET, { ...claim, expiresAt: Date.now() + 60_000 })).ok,
      true,
      'defaults to the clock',
    );
  });

  it('calls malformed tokens malformed', () => {
    const token = signDownload(SECRET, claim);
    for (const bad of [
      '',
      '.',
      'abc',
      `${token}.x`,
      `.${token.split('.')[1]}`,
      `${token.split('.')[0]}.`,
      token.replace('.', '!'),
      `${token} `,
      'a+b/c=.abc',
      'x'.repeat(5000),
    ]) {
      assert.deepEqual(
        verifyDownload(SECRET, bad, NOW),
        { ok: false, reason: 'malformed' },
        JSON.stringify(bad.slice(0, 40)),
      );
    }
    assert.deepEqual(verifyDownload(SECRET, undefined as unknown as string, NOW), { ok: false, reason: 'malformed' });
    // Correctly signed but not a claim (only someone holding the secret could make these).
    const signed = (payload: string) => {
      const p = Buffer.from(payload).toString('base64url');
      return `${p}.${createHmac('sha256', SECRET).update(`download.v1.${p}`).digest('base64url')}`;
    };
    assert.equal(
      verifyDownload(SECRET, signed(JSON.stringify(claim)), NOW).ok,
      true,
      'the helper signs like signDownload',
    );
    for (const payload of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...claim, expiresAt: '2030-01-01' }),
      JSON.stringify({ ...claim, orderId: '' }),
      JSON.stringify({ orderId: 'a', expiresAt: NOW + 1 }),
    ]) {
      assert.deepEqual(verifyDownload(SECRET, signed(payload), NOW), { ok: false, reason: 'malformed' }, payload);
    }
  });

  it('refuses to sign bad claims or with an empty secret', () => {
    assert.throws(() => signDownload('', claim), TypeError);
    assert.throws(() => verifyDownload('', 'a.b'), TypeError);
    assert.throws(() => signDownload(SECRET, { ...claim, orderId: '' }), TypeError);
    assert.throws(() => signDownload(SECRET, { ...claim, expiresAt: Number.NaN }), TypeError);
    assert.throws(() => signDownload(SECRET, { ...claim, expiresAt: 1.5 }), TypeError);
  });
});
