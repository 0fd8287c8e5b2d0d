// Workspace routes for the store's settings (issue 15): read and change them as one document. The
// administrator's alone; the next application-context read, in any process, answers the change.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import { settingsBody } from './merchandising-schemas.ts';

export function workspaceSettingsRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const read = guarded(s, 'settings.read', "The store's settings");
  r.get(
    `${WORKSPACE}/settings`,
    { preValidation: read.preValidation, schema: { ...read.doc, params: workspaceParams } },
    async (req) => s.workspace.settings.get(await store(req.params.webstoreId)),
  );

  const write = guarded(s, 'settings.write', "Change the store's settings (only those sent)");
  r.patch(
    `${WORKSPACE}/settings`,
    { preValidation: write.preValidation, schema: { ...write.doc, params: workspaceParams, body: settingsBody } },
    async (req) => s.workspace.settings.update(await store(req.params.webstoreId), actorOf(req), req.body),
  );
}
