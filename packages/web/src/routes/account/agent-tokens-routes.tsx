// The AI agents page of the account area (/account/agents, issue 18): its loader (the buyer's tokens and the MCP
// server's address) and its action (make or revoke a token). A guest logs in first and comes back.
import { isAbortError } from '@store/client';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AGENTS_PATH } from '../../lib/account/account-nav.ts';
import { type AgentTokenResult, type AgentTokensData, isAgentTokenIntent } from '../../lib/account/agent-tokens.ts';
import { loginHref, pathOfRequest } from '../../lib/account/return-url.ts';
import { optional, type StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { PageError } from '../root/ErrorPage.tsx';
import { privatePageHead } from '../root/head.ts';
import { AgentTokensRoute } from './AgentTokensPage.tsx';

export function agentTokensRoute(getApi: () => StoreApi): RouteObject {
  async function loader({ request }: LoaderFunctionArgs): Promise<AgentTokensData> {
    const api = getApi();
    if ((await api.viewer()).session.isGuest) throw redirect(loginHref(pathOfRequest(request.url)));
    const signal = request.signal;
    const [tokens, context] = await Promise.all([
      api.client.getAgentTokens({ signal }).catch((error) => {
        if (isAbortError(error)) throw error;
        return null;
      }),
      optional(api.client.getShopperAgentContext({ signal })),
    ]);
    return { tokens, mcpEndpoint: context?.mcpEndpoint ?? null };
  }

  async function action({ request }: ActionFunctionArgs): Promise<AgentTokenResult> {
    const form = await request.formData();
    const intent = form.get('intent');
    if (!isAgentTokenIntent(intent)) throw new Response('Unknown agent token action', { status: 400 });
    const client = getApi().client;
    if (intent === 'revoke') {
      try {
        await client.revokeAgentToken(String(form.get('agentTokenId') ?? ''));
        return { intent, ok: true, message: 'The token was revoked. An assistant using it can no longer shop.' };
      } catch (error) {
        return { intent, ok: false, message: errorMessage(error, 'We could not revoke the token. Try again.') };
      }
    }
    const name = String(form.get('name') ?? '').trim();
    if (!name) return { intent, ok: false, message: 'Enter a name for the token.' };
    const days = Number(form.get('expiresInDays') || 0);
    try {
      const created = await client.createAgentToken({ name, expiresInDays: days > 0 ? days : undefined });
      return { intent, ok: true, message: 'The token was created.', created };
    } catch (error) {
      return { intent, ok: false, message: errorMessage(error, 'We could not create the token. Try again.') };
    }
  }

  return {
    path: AGENTS_PATH.slice(1),
    loader,
    action,
    Component: AgentTokensRoute,
    ErrorBoundary: PageError,
    handle: privatePageHead(() => 'AI agents', AGENTS_PATH),
  };
}
