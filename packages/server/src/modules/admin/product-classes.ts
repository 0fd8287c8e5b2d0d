// Workspace routes for the product classes beyond Simple (issue 15 item 3): a variation parent's family (read,
// add a variation, take one out), a set's or bundle's ordered components (read, replace), and any product's
// quantity rule. Creating a parent, set or bundle is POST products (catalogue.ts) with its productClass.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { productParams } from './schemas.ts';
import { componentsBody, quantityRuleBody, variationCreateBody, variationParams } from './class-schemas.ts';

export function workspaceProductClassRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const w = s.workspace;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;
  const PRODUCT = `${WORKSPACE}/products/:productId`;

  const family = guarded(s, 'catalogue.read', "A variation parent's attributes and its variations");
  r.get(
    `${PRODUCT}/variations`,
    { preValidation: family.preValidation, schema: { ...family.doc, params: productParams } },
    async (req) => w.variations.family(await store(req.params.webstoreId), req.params.productId),
  );

  const add = guarded(s, 'catalogue.write', 'Add a variation to a parent: its product fields and attribute values');
  r.post(
    `${PRODUCT}/variations`,
    { preValidation: add.preValidation, schema: { ...add.doc, params: productParams, body: variationCreateBody } },
    async (req, reply) => {
      const made = await w.variations.addVariation(
        await store(req.params.webstoreId),
        actorOf(req),
        req.params.productId,
        req.body,
      );
      return reply.status(201).send(made);
    },
  );

  const remove = guarded(
    s,
    'catalogue.write',
    'Take a variation out of its family (it stays as a Draft Simple product; orders keep it)',
  );
  r.delete(
    `${PRODUCT}/variations/:variationId`,
    { preValidation: remove.preValidation, schema: { ...remove.doc, params: variationParams } },
    async (req) =>
      w.variations.removeVariation(
        await store(req.params.webstoreId),
        actorOf(req),
        req.params.productId,
        req.params.variationId,
      ),
  );

  const components = guarded(s, 'catalogue.read', "A set's or bundle's components in order");
  r.get(
    `${PRODUCT}/components`,
    { preValidation: components.preValidation, schema: { ...components.doc, params: productParams } },
    async (req) => w.components.list(await store(req.params.webstoreId), req.params.productId),
  );

  const replace = guarded(s, 'catalogue.write', "Replace a set's or bundle's components (by id or SKU, in order)");
  r.put(
    `${PRODUCT}/components`,
    { preValidation: replace.preValidation, schema: { ...replace.doc, params: productParams, body: componentsBody } },
    async (req) =>
      w.components.replace(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body.components),
  );

  const rule = guarded(s, 'catalogue.write', "Set a product's purchase quantity rule (minimum, maximum, increment)");
  r.put(
    `${PRODUCT}/quantity-rule`,
    { preValidation: rule.preValidation, schema: { ...rule.doc, params: productParams, body: quantityRuleBody } },
    async (req) =>
      w.quantityRules.replace(await store(req.params.webstoreId), actorOf(req), req.params.productId, req.body),
  );
}
