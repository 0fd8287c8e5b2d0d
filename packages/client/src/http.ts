// The one place that talks to the network: builds commerce URLs, sends the request through an
// injectable fetch (the platform's by default, so the same code runs in browsers and Node), and
// turns non-2xx answers into CommerceFetchError and cancellations into AbortError (spec 01 §8).

import { browserCsrfToken, CSRF_HEADER, needsCsrfToken } from './csrf.ts';
import { CommerceFetchError, abortError, isAbortError, parseErrorBody, raceAbort } from './errors.ts';

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | ReadonlyArray<QueryScalar> | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export const DEFAULT_API_VERSION = 'v65.0';

/**
 * `?a=1&list=x,y`, or '' when nothing is left. Absent values (undefined, null) are skipped so
 * callers can pass every option straight through; empty lists are skipped for the same reason.
 * List items are encoded one by one and joined with a literal comma, the separator the API
 * expects (`productIds=a,b`), so a comma inside an item stays distinguishable (%2C).
 */
export function buildQuery(params?: QueryParams): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const list = value as ReadonlyArray<QueryScalar>;
      if (list.length === 0) continue;
      parts.push(`${encodeURIComponent(name)}=${list.map((v) => encodeURIComponent(String(v))).join(',')}`);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface HttpConfig {
  /** Origin (and optional prefix) of the API; '' means same origin. */
  baseUrl?: string;
  webstoreId: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Read on every request, so values that change (the language) stay current. */
  defaultHeaders?: () => Record<string, string>;
  /**
   * Source of the CSRF token sent with every state-changing request (./csrf.ts). Defaults to the
   * `csrf_token` cookie of the page; inject one in tests or Node. Read on every such request.
   */
  csrfToken?: () => string | null;
  /**
   * Told about every answer the server gave (any status), after it arrived: each one proves the
   * session is in use, which is what the idle-timeout tracker needs to hear. Never told about
   * requests that failed in transport or were cancelled.
   */
  onResponse?: (info: ResponseInfo) => void;
}

export interface ResponseInfo {
  method: string;
  url: string;
  status: number;
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute path from the server root, e.g. from `webstorePath(...)`. */
  path: string;
  query?: QueryParams;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (an uploaded file or image), with the Content-Type the headers give. */
  rawBody?: Blob | Uint8Array | string;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  url: string;
}

export interface Http {
  /** `/services/data/{v}/commerce/webstores/{webstoreId}/...segments`, each segment URL-encoded. */
  webstorePath(...segments: string[]): string;
  /** `/services/data/{v}/commerce/...segments`, for the few resources outside the webstore. */
  commercePath(...segments: string[]): string;
  /** `/services/data/{v}/connect/...segments`: the Connect API (content delivery, SEO properties). */
  connectPath(...segments: string[]): string;
  request<T>(req: HttpRequest): Promise<HttpResponse<T>>;
}

async function readJson(response: Response): Promise<unknown> {
  // 204s and empty bodies are legitimate (DELETE); parse only when there is something to parse.
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export function createHttp(config: HttpConfig): Http {
  const baseUrl = (config.baseUrl ?? '').replace(/\/+$/, '');
  const apiVersion = config.apiVersion ?? DEFAULT_API_VERSION;
  const commerceRoot = `/services/data/${encodeURIComponent(apiVersion)}/commerce`;
  const connectRoot = `/services/data/${encodeURIComponent(apiVersion)}/connect`;
  const webstoreRoot = `${commerceRoot}/webstores/${encodeURIComponent(config.webstoreId)}`;
  // Called as a plain function, never as a method: browsers throw "Illegal invocation" when
  // window.fetch runs with another object as `this`. Looked up lazily so test doubles and
  // polyfills installed after construction are still honoured.
  const doFetch: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const csrfToken = config.csrfToken ?? browserCsrfToken;

  const join = (root: string, segments: string[]) =>
    segments.length ? `${root}/${segments.map((s) => encodeURIComponent(s)).join('/')}` : root;

  async function send<T>(req: HttpRequest, url: string): Promise<HttpResponse<T>> {
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...config.defaultHeaders?.(),
      ...req.headers,
    };
    if (needsCsrfToken(method) && headers[CSRF_HEADER] === undefined) {
      const token = csrfToken();
      if (token) headers[CSRF_HEADER] = token;
    }
    const init: RequestInit = { method, headers };
    if (req.signal) init.signal = req.signal;
    if (req.rawBody !== undefined) init.body = req.rawBody as BodyInit;
    else if (req.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      init.body = JSON.stringify(req.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      // Normalise whatever the fetch implementation threw on cancel into the AbortError callers test for.
      if (req.signal?.aborted || isAbortError(error)) throw abortError(req.signal);
      throw error;
    }
    try {
      config.onResponse?.({ method, url, status: response.status });
    } catch {
      // A listener's own fault must not turn a good answer into a failed call.
    }

    if (!response.ok) {
      let body: unknown;
      try {
        body = await readJson(response);
      } catch {
        body = undefined; // an HTML error page from a proxy: the status still says enough
      }
      throw new CommerceFetchError({
        url,
        status: response.status,
        statusText: response.statusText,
        errors: parseErrorBody(body),
        body,
      });
    }
    return { data: (await readJson(response)) as T, status: response.status, headers: response.headers, url };
  }

  return {
    webstorePath: (...segments) => join(webstoreRoot, segments),
    commercePath: (...segments) => join(commerceRoot, segments),
    connectPath: (...segments) => join(connectRoot, segments),
    request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
      const url = `${baseUrl}${req.path}${buildQuery(req.query)}`;
      // Already cancelled: do not even start the request.
      if (req.signal?.aborted) return Promise.reject(abortError(req.signal));
      return raceAbort(send<T>(req, url), req.signal);
    },
  };
}
