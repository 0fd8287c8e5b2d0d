// The SEO properties call (spec 03 §3, §7, §8): GET /connect/communities/{communityId}/seo/properties/{recordId}
// with an optional `fields` comma list. Both ids are required (a TypeError before any request); an answer is
// kept one hour per (community, record, fields); a failed call answers an empty result carrying the error and
// is not kept, so the next page asks again. Only a cancelled call rejects (its AbortError), as every call does.

import { SEO_CACHE_MS, type SeoProperties } from '@store/core';
import type { CallOptions } from './call-options.ts';
import { isAbortError } from './errors.ts';
import type { Http } from './http.ts';
import { createStore } from './store.ts';

/** A failed call: no properties, only the error (spec 03 §8: "no head tags set from the record"). */
export interface SeoPropertiesFailure {
  error: unknown;
}
export type SeoPropertiesResult = SeoProperties | SeoPropertiesFailure;

export const isSeoFailure = (r: SeoPropertiesResult): r is SeoPropertiesFailure => 'error' in r;

export interface SeoCalls {
  getSeoProperties(
    communityId: string,
    recordId: string,
    fields?: readonly string[],
    options?: CallOptions,
  ): Promise<SeoPropertiesResult>;
}

function requireText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`'${name}' is required.`);
  return value;
}

export function createSeoCalls(http: Http, opts: { now?: () => number } = {}): SeoCalls {
  const cache = createStore({ ttlMs: SEO_CACHE_MS, now: opts.now });
  return {
    async getSeoProperties(communityId, recordId, fields, o = {}) {
      requireText(communityId, 'communityId');
      requireText(recordId, 'recordId');
      if (fields !== undefined && !Array.isArray(fields)) throw new TypeError("'fields' must be a list of names.");
      const list = (fields ?? []).map((f) => requireText(f, 'fields[]').trim());
      const key = `${communityId}|${recordId}|${list.join(',')}`;
      try {
        return await cache.load(key, async () => {
          const res = await http.request<SeoProperties>({
            path: http.connectPath('communities', communityId, 'seo', 'properties', recordId),
            query: { fields: list.length ? list.join(',') : undefined },
            signal: o.signal,
          });
          return res.data;
        });
      } catch (error) {
        if (isAbortError(error)) throw error;
        // Not kept: the store holds the error entry only until the next load, which asks again.
        return { error };
      }
    },
  };
}
