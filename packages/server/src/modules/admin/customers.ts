// Workspace routes for customers (issue 15): accounts and their buyer groups, buyers and the accounts they
// may act for, buyer groups and their members, and a buyer's password reset. The administrator's alone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services/index.ts';
import { actorOf, guarded, WORKSPACE } from './workspace-guard.ts';
import { workspaceParams } from './schemas.ts';
import {
  accountParams,
  accountUpdateBody,
  buyerGroupCreateBody,
  buyerGroupParams,
  buyerGroupUpdateBody,
  buyerParams,
  managedAccountsBody,
  searchQuery,
} from './merchandising-schemas.ts';

export function workspaceCustomerRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const c = s.workspace.customers;
  const store = async (webstoreId: string) => (await s.webstores.get(webstoreId)).id;

  const accounts = guarded(s, 'customers.read', 'Accounts with their buyer groups, paged, sorted and searched');
  r.get(
    `${WORKSPACE}/accounts`,
    {
      preValidation: accounts.preValidation,
      schema: { ...accounts.doc, params: workspaceParams, querystring: searchQuery },
    },
    async (req) => c.accounts(await store(req.params.webstoreId), req.query),
  );

  const account = guarded(s, 'customers.read', 'One account with its buyer groups, buyers and managing users');
  r.get(
    `${WORKSPACE}/accounts/:accountId`,
    { preValidation: account.preValidation, schema: { ...account.doc, params: accountParams } },
    async (req) => c.account(await store(req.params.webstoreId), req.params.accountId),
  );

  const updateAccount = guarded(s, 'customers.write', 'Rename an account or set its buyer groups');
  r.patch(
    `${WORKSPACE}/accounts/:accountId`,
    {
      preValidation: updateAccount.preValidation,
      schema: { ...updateAccount.doc, params: accountParams, body: accountUpdateBody },
    },
    async (req) => c.updateAccount(await store(req.params.webstoreId), actorOf(req), req.params.accountId, req.body),
  );

  const buyers = guarded(s, 'customers.read', 'Buyers (users) with their accounts, paged, sorted and searched');
  r.get(
    `${WORKSPACE}/buyers`,
    {
      preValidation: buyers.preValidation,
      schema: { ...buyers.doc, params: workspaceParams, querystring: searchQuery },
    },
    async (req) => {
      await store(req.params.webstoreId);
      return c.buyers(req.query);
    },
  );

  const buyer = guarded(s, 'customers.read', 'One buyer with the accounts they may act for');
  r.get(
    `${WORKSPACE}/buyers/:userId`,
    { preValidation: buyer.preValidation, schema: { ...buyer.doc, params: buyerParams } },
    async (req) => {
      await store(req.params.webstoreId);
      return c.buyer(req.params.userId);
    },
  );

  const managed = guarded(s, 'customers.write', 'Set the accounts a buyer may act for besides their own');
  r.put(
    `${WORKSPACE}/buyers/:userId/managed-accounts`,
    {
      preValidation: managed.preValidation,
      schema: { ...managed.doc, params: buyerParams, body: managedAccountsBody },
    },
    async (req) =>
      c.setManagedAccounts(await store(req.params.webstoreId), actorOf(req), req.params.userId, req.body.accountIds),
  );

  const reset = guarded(s, 'customers.write', 'Mail a buyer a one-time link to choose a new password');
  r.post(
    `${WORKSPACE}/buyers/:userId/password-reset`,
    { preValidation: reset.preValidation, schema: { ...reset.doc, params: buyerParams } },
    async (req, reply) => {
      const sent = await c.resetPassword(await store(req.params.webstoreId), actorOf(req), req.params.userId);
      void s.mail.tick();
      return reply.status(202).send(sent);
    },
  );

  const groups = guarded(s, 'customers.read', "The store's buyer groups with their member counts");
  r.get(
    `${WORKSPACE}/buyer-groups`,
    { preValidation: groups.preValidation, schema: { ...groups.doc, params: workspaceParams } },
    async (req) => c.buyerGroups(await store(req.params.webstoreId)),
  );

  const createGroup = guarded(s, 'customers.write', 'Create a buyer group');
  r.post(
    `${WORKSPACE}/buyer-groups`,
    {
      preValidation: createGroup.preValidation,
      schema: { ...createGroup.doc, params: workspaceParams, body: buyerGroupCreateBody },
    },
    async (req, reply) => {
      const made = await c.createBuyerGroup(await store(req.params.webstoreId), actorOf(req), req.body.name);
      return reply.status(201).send(made);
    },
  );

  const group = guarded(s, 'customers.read', 'One buyer group with its member accounts');
  r.get(
    `${WORKSPACE}/buyer-groups/:buyerGroupId`,
    { preValidation: group.preValidation, schema: { ...group.doc, params: buyerGroupParams } },
    async (req) => c.buyerGroup(await store(req.params.webstoreId), req.params.buyerGroupId),
  );

  const updateGroup = guarded(s, 'customers.write', 'Rename a buyer group or set its member accounts');
  r.patch(
    `${WORKSPACE}/buyer-groups/:buyerGroupId`,
    {
      preValidation: updateGroup.preValidation,
      schema: { ...updateGroup.doc, params: buyerGroupParams, body: buyerGroupUpdateBody },
    },
    async (req) =>
      c.updateBuyerGroup(await store(req.params.webstoreId), actorOf(req), req.params.buyerGroupId, req.body),
  );
}
