// Serialised API answers kept per process, keyed by everything they depend on, including the catalogue
// version: a catalogue change bumps the version in the database, so every process stops using old entries
// (within the webstore resolver's few seconds) without any cross-process messaging. Losing this cache
// loses nothing but time, which keeps the servers stateless.
import { LRUCache } from 'lru-cache';
import { IGNORED_QUERY_PARAMS } from '../domain/ignored-params.ts';
import { RESPONSE_CACHE_BYTES } from './cache-budgets.ts';
import { jsonBody } from '../domain/json-body.ts';

// Kept as the bytes that are sent (domain/json-body.ts writes them): a hit is written as it is, with no string to
// encode again per request, and the budget counts what the answers really hold.
export class ResponseCache {
  private lru: LRUCache<string, Buffer>;
  hits = 0;
  misses = 0;

  constructor(maxBytes = RESPONSE_CACHE_BYTES) {
    this.lru = new LRUCache<string, Buffer>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (v) => Math.max(1, v.length),
    });
  }

  /** The answer's JSON bytes: kept ones, or made by `create` and kept (unless bypassed). */
  async getOrCreate(key: string, create: () => Promise<unknown>, bypass = false): Promise<Buffer> {
    const hit = bypass ? undefined : this.lru.get(key);
    if (hit !== undefined) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const json = jsonBody(await create());
    const body = typeof json === 'string' ? Buffer.from(json) : json;
    this.lru.set(key, body);
    return body;
  }

  clear(): void {
    this.lru.clear();
  }
}

/** A stable key for a parsed query: sorted entries, ignoring what does not change the answer. */
export function queryKey(
  query: Record<string, unknown>,
  ignore: string[] = [...IGNORED_QUERY_PARAMS, 'noCache'],
): string {
  return Object.keys(query)
    .filter((k) => !ignore.includes(k) && query[k] !== undefined)
    .sort()
    .map((k) => `${k}=${JSON.stringify(query[k])}`)
    .join('&');
}
