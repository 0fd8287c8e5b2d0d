// One workspace request as the workspace client's parts make it: method, path under the store's workspace
// root, call options and an optional query, JSON body or extra headers (an Idempotency-Key); resolves to the
// answer's body.

import type { CallOptions } from './call-options.ts';
import type { QueryParams } from './http.ts';

export type WorkspaceCall = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  o: CallOptions,
  extra?: { query?: QueryParams; body?: unknown; headers?: Record<string, string> },
) => Promise<T>;
