// Password hashing with scrypt (memory-hard, in Node's standard library: no native add-on to build).
// Stored as `scrypt$N$r$p$salt$hash` (base64url) so parameters can be raised later: a login with an
// older, weaker hash reports `needsRehash` and the caller stores a fresh one.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt floor is N=2^17,r=8,p=1 or the equivalent N=2^16,r=8,p=2 (64 MiB per hash, run on the libuv pool). */
export const DEFAULT_PARAMS: ScryptParams = { N: 2 ** 16, r: 8, p: 2 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const maxmem = (q: ScryptParams) => 128 * q.N * q.r + 1024 * 1024 * 4;

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function parseHash(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n! > 0)) return null;
  return { N: N!, r: r!, p: p!, salt: Buffer.from(parts[4]!, 'base64url'), key: Buffer.from(parts[5]!, 'base64url') };
}

export async function verifyPassword(
  password: string,
  stored: string | null,
  current: ScryptParams = DEFAULT_PARAMS,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Spend the same work for an unknown user, so response time does not reveal which emails exist.
    await hashPassword(password, current);
    return { ok: false, needsRehash: false };
  }
  const key = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmem(parsed),
  });
  const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  const weaker = parsed.N * parsed.r * parsed.p < current.N * current.r * current.p;
  return { ok, needsRehash: ok && weaker };
}
