// The workspace API's namespace and its guard. Every workspace route names the one action it takes; the guard
// runs before the request is even validated, so a guest, shopper or buyer gets the same 403 whatever they send
// and no workspace code runs for them. The action is also written into the operation's OpenAPI description,
// from which the access-matrix test builds its cases (security/workspace-access.test.ts).
import type { FastifyRequest } from 'fastify';
import type { WorkspaceAction } from '@store/core';
import type { Services } from '../../services/index.ts';
import { requireWorkspaceAction, type Actor } from '../../services/admin/index.ts';
import { callerOf } from '../../http/caller.ts';

/**
 * Ours, beside the platform's commerce paths as /services/auth is: the platform's commerce API has no seller
 * calls to be compatible with, and one prefix lets the access matrix, the fuzz suite and the storefront's
 * client treat the workspace as one thing. Store-scoped, as every commerce path is.
 */
export const WORKSPACE = '/services/admin/webstores/:webstoreId';
export const WORKSPACE_TAG = 'Workspace';

const actors = new WeakMap<FastifyRequest, Actor>();

/** The route options that guard an operation: its hook and the OpenAPI text naming its action. */
export function guarded(s: Services, action: WorkspaceAction, summary: string) {
  return {
    preValidation: async (req: FastifyRequest) => {
      actors.set(req, requireWorkspaceAction(await callerOf(s, req), action));
    },
    doc: { tags: [WORKSPACE_TAG], summary, description: `Workspace action: ${action}.` },
  };
}

/** The actor the guard admitted (a route without the guard has none, which is a programming error). */
export function actorOf(req: FastifyRequest): Actor {
  const actor = actors.get(req);
  if (!actor) throw new Error('workspace route without its guard');
  return actor;
}
