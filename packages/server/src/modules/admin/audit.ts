// Workspace routes around the audit log and the caller's own role.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORKSPACE_ACTIONS, mayDo, WORKSPACE_ROLE_LABELS } from '@store/core';
import type { Services } from '../../services/index.ts';
import { requireWorkspaceRole } from '../../services/admin/index.ts';
import { callerOf } from '../../http/caller.ts';
import { guarded, WORKSPACE, WORKSPACE_TAG } from './workspace-guard.ts';
import { auditQuery, workspaceParams } from './schemas.ts';

export function workspaceAuditRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const log = guarded(s, 'audit.read', 'The audit log: every workspace change, newest first, paged and filtered');
  r.get(
    `${WORKSPACE}/audit-log`,
    { preValidation: log.preValidation, schema: { ...log.doc, params: workspaceParams, querystring: auditQuery } },
    async (req) => s.workspace.audit.list((await s.webstores.get(req.params.webstoreId)).id, req.query),
  );

  // The shell's first call: who is signed in and what their role may do (403 for anyone without a role).
  r.get(
    `${WORKSPACE}/me`,
    {
      preValidation: async (req) => void requireWorkspaceRole(await callerOf(s, req)),
      schema: {
        tags: [WORKSPACE_TAG],
        summary: "The signed-in user's workspace role and the actions it allows",
        description: 'Workspace action: any role.',
        params: workspaceParams,
      },
    },
    async (req) => {
      await s.webstores.get(req.params.webstoreId);
      const actor = requireWorkspaceRole(await callerOf(s, req));
      return {
        userId: actor.userId,
        email: actor.email,
        role: actor.role,
        roleLabel: WORKSPACE_ROLE_LABELS[actor.role],
        actions: WORKSPACE_ACTIONS.filter((a) => mayDo(actor.role, a)),
      };
    },
  );
}
