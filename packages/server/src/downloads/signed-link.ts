// Signed, expiring download links. A token says which order item may be downloaded until when, and
// carries an HMAC-SHA256 of that claim under a server secret (see secret.ts), so a link cannot be
// made for another order or extended, and needs no row of its own. Whether the order still entitles
// the holder (not refunded, item still a dataset) is for the route to check after verifying.
//
// Token: base64url(JSON claim) '.' base64url(HMAC-SHA256(secret, 'download.v1.' + payload)).
// URL-safe as is (no '=', '+' or '/'), so it can be a path segment or a query value.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface DownloadClaim {
  orderId: string;
  orderItemId: string;
  /** Epoch milliseconds; the link works strictly before this instant. */
  expiresAt: number;
}

export type VerifyResult =
  | { ok: true; claim: DownloadClaim }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

/** Separates these signatures from anything else the same secret might ever sign. */
const CONTEXT = 'download.v1.';
const B64URL = /^[A-Za-z0-9_-]+$/;
/** Tokens are short; anything far longer is not one of ours (and is not worth hashing). */
const MAX_TOKEN_LENGTH = 2048;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(CONTEXT + payload)
    .digest('base64url');
}

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError('download link secret must be a non-empty string');
}

function isClaim(v: unknown): v is DownloadClaim {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.orderId === 'string' &&
    c.orderId.length > 0 &&
    typeof c.orderItemId === 'string' &&
    c.orderItemId.length > 0 &&
    typeof c.expiresAt === 'number' &&
    Number.isSafeInteger(c.expiresAt)
  );
}

export function signDownload(secret: string, claim: DownloadClaim): string {
  checkSecret(secret);
  if (!isClaim(claim)) throw new TypeError('a download claim needs orderId, orderItemId and an integer expiresAt');
  const payload = Buffer.from(
    JSON.stringify({ orderId: claim.orderId, orderItemId: claim.orderItemId, expiresAt: claim.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * Checks the signature before reading the claim, and the expiry last: a forged or altered token is
 * 'bad-signature' whatever it says, and 'expired' is only ever said of a token we issued.
 */
export function verifyDownload(secret: string, token: string, now: number = Date.now()): VerifyResult {
  checkSecret(secret);
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]) || !B64URL.test(parts[1])) return { ok: false, reason: 'malformed' };
  const [payload, signature] = parts;
  // Compared as text, so only the one canonical encoding of the MAC passes.
  const expected = Buffer.from(mac(secret, payload), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad-signature' };
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaim(claim)) return { ok: false, reason: 'malformed' };
  if (now >= claim.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { orderId: claim.orderId, orderItemId: claim.orderItemId, expiresAt: claim.expiresAt } };
}
