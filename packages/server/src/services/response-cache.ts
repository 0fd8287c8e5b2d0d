// Serialised API answers kept per process, keyed by everything they depend on, including the catalogue
// version: a catalogue change bumps the version in the database, so every process stops using old entries
// (within the webstore resolver's few seconds) without any cross-process messaging. Losing this cache
// loses nothing but time, which keeps the servers stateless.
import { LRUCache } from 'lru-cache';
import { IGNORED_QUERY_PARAMS } from '../domain/ignored-params.ts';
import { RESPONSE_CACHE_BYTES } from './cache-budgets.ts';

export class ResponseCache {
  private lru: LRUCache<string, string>;
  hits = 0;
  misses = 0;

  constructor(maxBytes = RESPONSE_CACHE_BYTES) {
    this.lru = new LRUCache<string, string>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (v) => Math.max(1, v.length),
    });
  }

  async getOrCreate(key: string, create: () => Promise<unknown>, bypass = false): Promise<string> {
    const hit = bypass ? undefined : this.lru.get(key);
    if (hit !== undefined) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const body = JSON.stringify(await create());
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
