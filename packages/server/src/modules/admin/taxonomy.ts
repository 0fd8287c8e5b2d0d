// Workspace routes for the catalogue's shape and stock (issue 15 item 3): categories (create, change, move,
// reorder, Draft/Live, delete when empty), entitlement policies (which buyer groups see which category
// subtrees) and a product's inventory per location. Categories and stock are the catalogue's
// (`catalogue.*`); entitlement policies decide who may see what, so they are the administrator's alone, as
// buyer groups are (`customers.*`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { productParams, workspaceParams } from './schemas.ts';
import {
  categoryCreateBody,
  categoryOrderBody,
  categoryParams,
  categoryUpdateBody,
  inventoryBody,
  policyCreateBody,
  policyParams,
  policyUpdateBody,
} from './taxonomy-schemas.ts';

export function workspaceTaxonomyRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const createCategory = guarded(s, 'catalogue.write', 'Create a category (Draft unless status Live is sent)');
  r.post(
    `${WORKSPACE}/categories`,
    {
      preValidation: createCategory.preValidation,
      schema: { ...createCategory.doc, params: workspaceParams, body: categoryCreateBody },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await w.categoryEditing.create(await store(req.params.webstoreId), actorOf(req), req.body)),
  );

  const reorder = guarded(s, 'catalogue.write', "Put one parent's subcategories in a new order");
  r.post(
    `${WORKSPACE}/categories/actions/reorder`,
    {
      preValidation: reorder.preValidation,
      schema: { ...reorder.doc, params: workspaceParams, body: categoryOrderBody },
    },
    async (req) => ({
      items: await w.categoryEditing.reorder(await store(req.params.webstoreId), actorOf(req), req.body),
    }),
  );

  const updateCategory = guarded(
    s,
    'catalogue.write',
    'Change a category: name, url name, description, parent (moves its subtree), Draft/Live',
  );
  r.patch(
    `${WORKSPACE}/categories/:categoryId`,
    {
      preValidation: updateCategory.preValidation,
      schema: { ...updateCategory.doc, params: categoryParams, body: categoryUpdateBody },
    },
    async (req) =>
      w.categoryEditing.update(await store(req.params.webstoreId), actorOf(req), req.params.categoryId, req.body),
  );

  const deleteCategory = guarded(s, 'catalogue.write', 'Delete an empty category (no products, no subcategories)');
  r.delete(
    `${WORKSPACE}/categories/:categoryId`,
    { preValidation: deleteCategory.preValidation, schema: { ...deleteCategory.doc, params: categoryParams } },
    async (req, reply) => {
      await w.categoryEditing.remove(await store(req.params.webstoreId), actorOf(req), req.params.categoryId);
      return reply.status(204).send();
    },
  );

  const policies = guarded(
    s,
    'customers.read',
    'Entitlement policies: buyer groups and the category subtrees they see',
  );
  r.get(
    `${WORKSPACE}/entitlement-policies`,
    { preValidation: policies.preValidation, schema: { ...policies.doc, params: workspaceParams } },
    async (req) => w.entitlements.list(await store(req.params.webstoreId)),
  );

  const createPolicy = guarded(s, 'customers.write', 'Create an entitlement policy');
  r.post(
    `${WORKSPACE}/entitlement-policies`,
    {
      preValidation: createPolicy.preValidation,
      schema: { ...createPolicy.doc, params: workspaceParams, body: policyCreateBody },
    },
    async (req, reply) =>
      reply.status(201).send(await w.entitlements.create(await store(req.params.webstoreId), actorOf(req), req.body)),
  );

  const updatePolicy = guarded(s, 'customers.write', 'Change an entitlement policy (a list sent replaces the list)');
  r.patch(
    `${WORKSPACE}/entitlement-policies/:policyId`,
    {
      preValidation: updatePolicy.preValidation,
      schema: { ...updatePolicy.doc, params: policyParams, body: policyUpdateBody },
    },
    async (req) =>
      w.entitlements.update(await store(req.params.webstoreId), actorOf(req), req.params.policyId, req.body),
  );

  const deletePolicy = guarded(s, 'customers.write', 'Delete an entitlement policy');
  r.delete(
    `${WORKSPACE}/entitlement-policies/:policyId`,
    { preValidation: deletePolicy.preValidation, schema: { ...deletePolicy.doc, params: policyParams } },
    async (req, reply) => {
      await w.entitlements.remove(await store(req.params.webstoreId), actorOf(req), req.params.policyId);
      return reply.status(204).send();
    },
  );

  const inventory = guarded(s, 'catalogue.read', "A product's stock per location: on hand and reserved");
  r.get(
    `${WORKSPACE}/products/:productId/inventory`,
    { preValidation: inventory.preValidation, schema: { ...inventory.doc, params: productParams } },
    async (req) => w.inventory.get(await store(req.params.webstoreId), req.params.productId),
  );

  const setInventory = guarded(s, 'catalogue.write', 'Set on hand at some of a product’s locations');
  r.put(
    `${WORKSPACE}/products/:productId/inventory`,
    {
      preValidation: setInventory.preValidation,
      schema: { ...setInventory.doc, params: productParams, body: inventoryBody },
    },
    async (req) => w.inventory.update(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body),
  );
}
