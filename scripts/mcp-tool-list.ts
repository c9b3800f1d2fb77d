import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { encode } from 'gpt-tokenizer';
import { buildMcpServer } from '../src/modules/mcp/mcp-server.js';
import type { AuthContext } from '../src/plugins/auth.js';

/** The budget docs/mcp.md promises for the tool list of a `*` key. */
export const TOOL_LIST_TOKEN_BUDGET = 6_000;

export interface ToolListSize {
  tools: number;
  bytes: number;
  /** o200k_base tokens (GPT-4o and later), counted with gpt-tokenizer. */
  tokens: number;
}

/**
 * The tools/list answer a key with the given scopes gets, as a client receives it (the SDK's own
 * client over an in-memory transport), and its size: UTF-8 bytes of its JSON and tokens.
 */
export async function measureToolList(scopes: string[] = ['*']): Promise<ToolListSize & { json: string }> {
  const auth: AuthContext = {
    keyId: 'key_measure',
    accountId: 'acc_measure',
    workspaceId: 'wsp_measure',
    environment: 'production',
    scopes: new Set(scopes),
    plan: 'professional',
    limits: { hourly: 0, burst: 0, export: 0, bulk: 0, search: 0, imports: 0 },
  };
  // Listing tools reads no service: the session's context and limits are never reached.
  const server = buildMcpServer({ ctx: undefined as never, auth, spend: async () => {}, requestId: () => 'req_measure', baseUrl: 'http://localhost' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'measure-mcp-tools', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    const json = JSON.stringify({ tools });
    return { tools: tools.length, bytes: Buffer.byteLength(json), tokens: encode(json).length, json };
  } finally {
    await client.close();
    await server.close();
  }
}
