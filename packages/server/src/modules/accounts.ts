// Managed accounts (spec 01 §7): the accounts a logged-in buyer may act for, and one of them in detail.
// Guests have none (403); an account the user does not manage is a 403 whether it exists or not.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import type { ManagedAccount } from '../services/accounts.ts';
import { buyerContext } from '../http/context.ts';
import { insufficientAccess } from '../services/buyer-context.ts';
import { ApiError } from '../domain/errors.ts';
import { csv, flag, ignoredParams, webstoreParams } from './schemas.ts';
import { checkedId } from '../domain/record-ids.ts';
import { WEBSTORE } from './base.ts';

const tags = ['Accounts'];
const loginRequired = () => new ApiError(403, 'INSUFFICIENT_ACCESS', 'Log in to see the accounts you can buy for.');

/** Account fields by their platform names, for `fields=`. */
function accountFields(a: ManagedAccount): Record<string, string | null> {
  return {
    Id: a.id,
    Name: a.name,
    BillingStreet: a.address?.street ?? null,
    BillingCity: a.address?.city ?? null,
    BillingState: a.address?.state ?? null,
    BillingPostalCode: a.address?.zip ?? null,
    BillingCountry: a.address?.country ?? null,
  };
}

export function accountRoutes(app: FastifyInstance, s: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${WEBSTORE}/external-managed-accounts`,
    {
      schema: {
        tags,
        summary: 'Accounts the buyer may act for',
        params: webstoreParams,
        querystring: z.object({ includeMyAccount: flag.optional(), ...ignoredParams }),
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await buyerContext(s, req, store);
      if (!ctx.user) throw loginRequired();
      const accounts = await s.accounts.managedAccounts(ctx.user);
      reply.header('Cache-Control', 'private, no-store');
      return {
        externalManagedAccounts: accounts
          .filter((a) => req.query.includeMyAccount || !a.isMyAccount)
          .map((a) => ({ accountId: a.id, accountName: a.name, isMyAccount: a.isMyAccount, address: a.address })),
      };
    },
  );

  r.get(
    `${WEBSTORE}/effective-accounts/:effectiveAccountId`,
    {
      schema: {
        tags,
        summary: 'One account the buyer may act for',
        params: webstoreParams.extend({ effectiveAccountId: z.string() }),
        querystring: z.object({ fields: csv.optional(), ...ignoredParams }),
      },
    },
    async (req, reply) => {
      const store = await s.webstores.get(req.params.webstoreId);
      const ctx = await buyerContext(s, req, store);
      const id = req.params.effectiveAccountId;
      const accountId = checkedId(id);
      if (!ctx.user) throw insufficientAccess(id);
      const account = await s.accounts.managedAccount(ctx.user, accountId);
      if (!account) throw insufficientAccess(id);
      const all = accountFields(account);
      const wanted = req.query.fields?.length ? new Set(req.query.fields.map((f) => f.toLowerCase())) : null;
      reply.header('Cache-Control', 'private, no-store');
      return {
        id: account.id,
        name: account.name,
        isMyAccount: account.isMyAccount,
        address: account.address,
        fields: wanted ? Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k.toLowerCase()))) : all,
      };
    },
  );
}
