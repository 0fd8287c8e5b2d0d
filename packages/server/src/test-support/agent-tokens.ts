// Agent tokens and MCP clients for tests (issue 18 item 5): a token made through the API as its owner would,
// and the official SDK's client connected to the running test server with it (or with none, as a guest).
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CreatedAgentToken } from '@store/core';
import { BASE, type Agent, type TestServer } from './server.ts';

/** A token made by the logged-in `owner` through POST agent-tokens. */
export async function makeAgentToken(owner: Agent, name = 'Test assistant'): Promise<CreatedAgentToken> {
  const res = await owner.post(`${BASE}/agent-tokens`, { name });
  assert.equal(res.status, 201, res.text);
  return res.body as CreatedAgentToken;
}

/** An SDK client connected to the server's /mcp, with the bearer token if one is given. */
export async function mcpClient(s: TestServer, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', s.url), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name: 'store-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool's answer: its JSON, or its error text. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; text: string; json: any }> {
  const res = await client.callTool({ name, arguments: args });
  const content = res.content as Array<{ type: string; text: string }>;
  const text = content.map((c) => c.text).join('\n');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { isError: res.isError === true, text, json };
}
