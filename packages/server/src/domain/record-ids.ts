// Record ids, made and read in one place. The format (key prefix, counter, suffix) and the key prefixes
// are rules shared with the browser, so they live in core; this module adds what only the server does:
// random ids for records a shopper creates, and checking an id that arrives in a request.
import { randomFillSync } from 'node:crypto';
import { isRecordId, normaliseRecordId } from '@store/core';
import { invalidId } from './errors.ts';

export { KEY_PREFIXES as KEY_PREFIX, makeRecordId as formatId } from '@store/core';

/** Normalise a 15-character id to the stored 18-character form (anything else is returned as it came). */
export function toId18(id: string): string {
  return normaliseRecordId(id) ?? id;
}

/**
 * The stored (18-character) form of an id from a request, or 400 INVALID_ID_FIELD when it is not a
 * record id (of the given key prefix, when one is named). The one way a malformed id is refused.
 */
export function checkedId(value: unknown, prefix?: string): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  if (!isRecordId(text, prefix)) throw invalidId(text);
  return toId18(text);
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A record id with 12 random characters (prefix + 12 + AAA): records shoppers create (carts, lines,
 * checkouts, orders' children, mail) need no shared counter row, and one id cannot be guessed from another.
 */
export function randomRecordId(prefix: string): string {
  if (randomAt + 12 > randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  let body = '';
  for (let i = randomAt; i < randomAt + 12; i++) body += ID_ALPHABET[randomPool[i]! % ID_ALPHABET.length];
  randomAt += 12;
  return `${prefix}${body}AAA`;
}

/**
 * Random bytes drawn from the system's generator a few kilobytes at a time and handed out 12 per id: one draw
 * per id (a new Buffer and a call into OpenSSL each) was a visible share of an add to cart. Each byte is used
 * once.
 */
const randomPool = Buffer.alloc(4096);
let randomAt = randomPool.length;
