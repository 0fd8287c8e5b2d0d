// The two ways a commerce call can fail at the transport level (spec 01 §8): the server
// answered with a non-2xx status (CommerceFetchError), or the caller cancelled (AbortError).

import type { ApiError } from '@store/core';

/** One entry of CommerceFetchError.errors; `type` carries the server's errorCode. */
export interface CommerceErrorItem {
  message: string;
  type: string;
  arguments: unknown[];
}

// HTTP/2 (and therefore most browsers talking to a modern host) carries no reason phrase, so
// `statusText` arrives empty. The error's message must be the status text (spec 01 §8), and an
// empty message helps nobody, so the standard phrase stands in for the missing one.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTextFor(status: number, statusText: string): string {
  return statusText || REASON_PHRASES[status] || `HTTP ${status}`;
}

/** A commerce call answered with a non-2xx status. `message` is the status text (spec 01 §8). */
export class CommerceFetchError extends Error {
  override readonly name = 'CommerceFetchError';
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly errors: CommerceErrorItem[];
  /**
   * The answer's body as parsed JSON (undefined when there was none or it was not JSON). Some refusals
   * carry a resource rather than an error list: a 422 checkout with its errors, a declined payment.
   */
  readonly body: unknown;

  constructor(init: { url: string; status: number; statusText: string; errors?: CommerceErrorItem[]; body?: unknown }) {
    const statusText = statusTextFor(init.status, init.statusText);
    super(statusText);
    this.url = init.url;
    this.status = init.status;
    this.statusText = statusText;
    this.errors = init.errors ?? [];
    this.body = init.body;
  }
}

/**
 * Turns an error body into the errors list. The platform answers `[{errorCode, message}]`
 * (commerce-api §1); a lone object is tolerated because gateways in front of it sometimes
 * send one. Anything else yields an empty list: the status alone still tells what happened.
 */
export function parseErrorBody(body: unknown): CommerceErrorItem[] {
  const items = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  const out: CommerceErrorItem[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const e = item as Partial<ApiError> & { arguments?: unknown };
    out.push({
      message: typeof e.message === 'string' ? e.message : '',
      type: typeof e.errorCode === 'string' ? e.errorCode : '',
      arguments: Array.isArray(e.arguments) ? e.arguments : [],
    });
  }
  return out;
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The error a cancelled request rejects with. Callers test `name === 'AbortError'` (spec 01 §8),
 * but `signal.reason` can be anything (`abort('navigated')`, a TimeoutError), so a reason that is
 * not already an AbortError is wrapped rather than passed through.
 */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const err = new DOMException('The operation was aborted.', 'AbortError');
  if (reason !== undefined) Object.defineProperty(err, 'cause', { value: reason });
  return err;
}

/**
 * Settles with `promise`, or rejects with an AbortError as soon as `signal` aborts. The platform
 * fetch already honours its signal, but an injected fetch, or a request shared by several callers,
 * may not, and a caller that cancelled must not be kept waiting.
 */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? abortError(signal) : error);
      },
    );
  });
}
