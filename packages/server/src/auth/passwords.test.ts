import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, parseHash, verifyPassword, DEFAULT_PARAMS } from './passwords.ts';

test('a stored password is a salted scrypt hash at the default cost, never the password', async () => {
  const a = await hashPassword('Datasets2026!');
  const b = await hashPassword('Datasets2026!');
  assert.notEqual(a, b, 'each hash has its own salt');
  assert.ok(!a.includes('Datasets2026'));
  const parsed = parseHash(a)!;
  assert.deepEqual({ N: parsed.N, r: parsed.r, p: parsed.p }, DEFAULT_PARAMS);
  assert.ok(128 * parsed.N * parsed.r >= 64 * 1024 * 1024, 'at least 64 MiB of memory per hash');
});

test('verification accepts the password and refuses others', async () => {
  const stored = await hashPassword('Datasets2026!');
  assert.deepEqual(await verifyPassword('Datasets2026!', stored), { ok: true, needsRehash: false });
  assert.equal((await verifyPassword('datasets2026!', stored)).ok, false);
  assert.equal((await verifyPassword('Datasets2026!', null)).ok, false, 'no hash: refused (after the same work)');
  assert.equal((await verifyPassword('x', 'sha1$abc')).ok, false, 'an unknown format is refused');
});

test('a correct password stored at a weaker cost asks to be rehashed', async () => {
  const weak = await hashPassword('Datasets2026!', { N: 2 ** 12, r: 8, p: 1 });
  assert.deepEqual(await verifyPassword('Datasets2026!', weak), { ok: true, needsRehash: true });
});
