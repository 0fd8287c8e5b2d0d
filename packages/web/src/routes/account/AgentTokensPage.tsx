// AI agents (/account/agents, issue 18): the buyer's access tokens for AI assistants that shop through the store's
// MCP server. Make one (named, optionally expiring): it is shown this once, with a copy button; list them with
// when each was last used; revoke one after a confirmation. Every change is the route's action; the list reloads.
import { AGENT_TOKEN_NAME_MAX, type AgentToken } from '@store/core';
import { useEffect, useRef, useState } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { orderDate } from '../../lib/checkout/checkout-view.ts';
import type { AgentTokensData, AgentTokenResult } from '../../lib/account/agent-tokens.ts';

const EXPIRY_CHOICES = [
  { value: '', label: 'Never (until revoked)' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

const statusOf = (t: AgentToken) =>
  t.revokedDate ? `Revoked ${orderDate(t.revokedDate)}` : t.active ? 'Active' : 'Expired';

/** The token made just now: shown once, selected for copying, with a copy button. */
function NewToken({ token, name }: { token: string; name: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied('Copied.');
    } catch {
      input.current?.select();
      setCopied('Select the token and copy it yourself (Ctrl+C).');
    }
  }
  return (
    <section className="agent-tokens__new" aria-labelledby="agent-token-new-title">
      <h2 id="agent-token-new-title">{`Your new token “${name}”`}</h2>
      <p>Copy it now: it is shown only this once. Anyone with it can shop as you, so keep it secret.</p>
      <div className="field">
        <label htmlFor="agent-token-value" className="field__label">
          New token
        </label>
        <input id="agent-token-value" className="field__input" readOnly value={token} ref={input} />
      </div>
      <div className="btn-wrap">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          Copy token
        </button>
        <span role="status">{copied}</span>
      </div>
    </section>
  );
}

function TokenRow({ token, busy }: { token: AgentToken; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <tr>
      <th scope="row">{token.name}</th>
      <td>{orderDate(token.createdDate)}</td>
      <td>{token.lastUsedDate ? orderDate(token.lastUsedDate) : 'Never'}</td>
      <td>{token.expiresDate ? orderDate(token.expiresDate) : 'Never'}</td>
      <td>{statusOf(token)}</td>
      <td>
        {!token.active ? null : confirming ? (
          <Form method="post" className="agent-tokens__confirm" onSubmit={() => setConfirming(false)}>
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="agentTokenId" value={token.id} />
            <span>{`Revoke “${token.name}”? It stops working at once.`}</span>
            <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
              Yes, revoke
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </Form>
        ) : (
          <button type="button" className="btn" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

export function AgentTokensPage({
  data,
  result,
  busy = false,
}: {
  data: AgentTokensData;
  result?: AgentTokenResult;
  busy?: boolean;
}) {
  const created = result?.ok && result.created ? result.created : null;
  return (
    <section className="agent-tokens" aria-labelledby="agent-tokens-title">
      <h1 id="agent-tokens-title">AI agents</h1>
      <p>
        An AI assistant can search the catalogue, fill your cart and prepare your checkout for you, with your prices and
        for the accounts you act for. You always review and pay yourself.
      </p>
      {data.mcpEndpoint ? (
        <p>
          {'Give your assistant this Model Context Protocol address and a token: '}
          <code>{data.mcpEndpoint}</code>
        </p>
      ) : null}
      {created ? <NewToken token={created.token} name={created.name} /> : null}
      <FormAlert id="agent-tokens-done" message={result?.ok && !created ? result.message : null} tone="success" />
      <section aria-labelledby="agent-token-create-title" className="profile__section">
        <h2 id="agent-token-create-title">Create a token</h2>
        <FormAlert id="agent-tokens-error" message={result && !result.ok ? result.message : null} />
        <Form method="post" className="form" noValidate aria-labelledby="agent-token-create-title">
          <input type="hidden" name="intent" value="create" />
          <TextField
            form="agent-token"
            name="name"
            label="Token name"
            hint="Which assistant will use it, e.g. “Claude on my laptop”."
            required
            maxLength={AGENT_TOKEN_NAME_MAX}
            error={result && !result.ok && result.intent === 'create' ? result.message : null}
          />
          <div className="field">
            <label htmlFor="agent-token-expires" className="field__label">
              Expires
            </label>
            <select id="agent-token-expires" name="expiresInDays" className="field__input" defaultValue="90">
              {EXPIRY_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            {busy ? 'Creating…' : 'Create token'}
          </button>
        </Form>
      </section>
      <section aria-labelledby="agent-token-list-title" className="profile__section">
        <h2 id="agent-token-list-title">Your tokens</h2>
        {!data.tokens ? (
          <p className="cart__error" role="alert">
            We could not load your tokens.
          </p>
        ) : data.tokens.length === 0 ? (
          <p>You have no agent tokens yet.</p>
        ) : (
          <table className="orders__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.tokens.map((t) => (
                <TokenRow key={t.id} token={t} busy={busy} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

export function AgentTokensRoute() {
  const navigation = useNavigation();
  return (
    <AgentTokensPage
      data={useLoaderData() as AgentTokensData}
      result={useActionData() as AgentTokenResult | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
