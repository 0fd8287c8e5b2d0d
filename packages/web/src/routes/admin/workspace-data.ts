// The workspace pages' access to their API: a client built from the page's own connection, and the one way
// a refusal becomes the page's answer (403 shows the workspace's access message, 404 the not-found page).

import { CommerceFetchError } from '@store/client';
import { createWorkspaceClient, type WorkspaceCalls } from '@store/client/workspace';
import { data } from 'react-router';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { privatePageHead } from '../root/head.ts';

export function workspaceOf(getApi: () => StoreApi): WorkspaceCalls {
  return createWorkspaceClient(getApi().connection);
}

/** A loader's call: a 403 or 404 from the server is thrown as the page's own status. */
export async function loaded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof CommerceFetchError && (error.status === 401 || error.status === 403))
      throw data({ message: errorMessage(error) }, { status: 403, statusText: 'Forbidden' });
    if (error instanceof CommerceFetchError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}

/** A workspace page's head: private (noindex), titled within the workspace. */
export const workspaceHead = (title: (data: unknown) => string) => privatePageHead((d) => `${title(d)} · Workspace`);
