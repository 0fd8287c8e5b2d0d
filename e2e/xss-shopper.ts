// The XSS suite's shopper: API calls with a browser context's own cookies and CSRF token (as the
// storefront makes them), and the count of what the store stored or refused at input.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE } from '../packages/server/src/test-support/server.ts';

export interface Reply {
  status: number;
  body: any;
}

/**
 * Per injection point: how many values went through (kept by the API, or typed into a page or its
 * address and shown back) and how many the API refused at input with a 400.
 */
export class InputCounts {
  readonly carried = new Map<string, number>();
  readonly refused = new Map<string, number>();

  /** A value that reaches the page without being stored (a search term, a refused coupon code, a URL). */
  carry(point: string): void {
    this.carried.set(point, (this.carried.get(point) ?? 0) + 1);
  }

  /** A 2xx is stored, a 400 refused at input (validation may tighten); anything else fails. */
  count(point: string, res: Reply): boolean {
    assert.ok(res.status < 300 || res.status === 400, `${point}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.status === 400) {
      assert.ok(Array.isArray(res.body) && res.body[0]?.errorCode, `${point}: a 400 in the API's error shape`);
      this.refused.set(point, (this.refused.get(point) ?? 0) + 1);
      return false;
    }
    this.carry(point);
    return true;
  }

  total(map: Map<string, number>): number {
    return [...map.values()].reduce((a, b) => a + b, 0);
  }
}

/** Calls the store's API as the page's shopper (the context's cookies, its CSRF token, same origin). */
export function shopperApi(page: Page, origin: string) {
  async function send(method: string, path: string, body?: unknown): Promise<Reply> {
    const csrf = (await page.context().cookies(origin)).find((c) => c.name === 'csrf_token')?.value;
    if (!csrf && method !== 'GET') {
      await page.request.get(`${origin}${BASE}/session-context`);
      return send(method, path, body);
    }
    const res = await page.request.fetch(`${origin}${path.startsWith('/services/auth') ? '' : BASE}${path}`, {
      method,
      data: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-csrf-token': csrf ?? '',
        origin,
      },
      maxRedirects: 0,
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status(), body: parsed };
  }
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body?: unknown) => send('POST', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    put: (path: string, body?: unknown) => send('PUT', path, body),
    del: (path: string) => send('DELETE', path),
  };
}

export type ShopperApi = ReturnType<typeof shopperApi>;
