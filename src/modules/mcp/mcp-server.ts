import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { AuthContext } from '../api-keys/auth-context.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { hasScope } from '../api-keys/scopes.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import type { EndpointGroup } from '../rate-limits/policies.js';
import type { LecternTool, ToolCall } from './tool-definition.js';
import { tools } from './tools/index.js';

import { MAX_ANSWER_CHARS, MAX_ANSWER_TOKENS } from './answer-size.js';

/** What one MCP server instance serves with: the caller, and how its tool calls reach the services. */
export interface McpSession {
  ctx: ServiceContext;
  auth: AuthContext;
  /** Spends one request of the caller's limits (the 429 AppError when they are exhausted). */
  spend(auth: AuthContext, group?: EndpointGroup): Promise<void>;
  /** An id for the request log of one call (the HTTP request's id, or a fresh one over stdio). */
  requestId(): string;
  baseUrl: string;
  /**
   * A tool outside the caller's scopes that this instance answers anyway, with the
   * insufficient-scope error (a stateless HTTP request that calls it); never listed.
   */
  refusedTool?: string;
}

const serverInfo = { name: 'lectern', title: 'Lectern', version: '1.0.0' };

/**
 * One MCP server for one caller: the tools its scopes allow, in the registry's order. Each call
 * spends one request of the caller's limits, then runs the tool; an AppError (not found, refused
 * limits, a rule of the service) answers `isError: true` with its code and message.
 */
export function buildMcpServer(session: McpSession): McpServer {
  const server = new McpServer(serverInfo, {
    // logging: the protocol's logging/setLevel is accepted (the 2025 revisions); Lectern sends no log messages.
    capabilities: { logging: {} },
    instructions:
      'Lectern: author courses (modules, lessons, quizzes) and read their results. Tools answer the REST API\'s field names; lists take limit and cursor.',
  });
  for (const tool of tools) {
    const allowed = hasScope(session.auth.scopes, tool.scope);
    if (!allowed && tool.name !== session.refusedTool) continue;
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: { title: tool.title, ...tool.annotations } },
      async (input: unknown, extra: ServerContext) => {
        if (!allowed) return errorResult(insufficientScope(tool));
        return callTool(session, tool, input as Record<string, unknown>, extra);
      },
    );
  }
  // Prompts and resources read as the caller too (scopes, workspace), without spending a request.
  const reader: ToolCall = { ctx: session.ctx, auth: session.auth, requestId: session.requestId(), baseUrl: session.baseUrl, progress: async () => {} };
  registerPrompts(server, reader);
  registerResources(server, reader);
  // Lectern sends no list_changed notifications (a caller's tools and prompts follow its scopes, which
  // do not change; new courses show up in the next resources/list), so it does not claim to.
  const declared = server.server.getCapabilities();
  server.server.registerCapabilities({
    ...(declared.tools && { tools: { listChanged: false } }),
    ...(declared.prompts && { prompts: { listChanged: false } }),
    ...(declared.resources && { resources: { listChanged: false } }),
  });
  return server;
}

async function callTool(session: McpSession, tool: LecternTool, input: Record<string, unknown>, extra: ServerContext) {
  const progressToken = extra.mcpReq._meta?.progressToken;
  const call: ToolCall = {
    ctx: session.ctx,
    auth: session.auth,
    requestId: session.requestId(),
    baseUrl: session.baseUrl,
    progress: async (progress, total, message) => {
      if (progressToken === undefined) return;
      await extra.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total, message } });
    },
  };
  try {
    await session.spend(session.auth, tool.rateLimit);
    const output = (await tool.run(call, input));
    const text = JSON.stringify(output);
    if (text.length > MAX_ANSWER_CHARS) {
      throw new AppError('validation_error', `The answer would be larger than ${MAX_ANSWER_TOKENS} tokens; ask for less (a smaller limit, one course at a time)`, {});
    }
    return { content: [{ type: 'text' as const, text }], structuredContent: output };
  } catch (err) {
    if (err instanceof AppError) return errorResult(err);
    throw err;
  }
}

function insufficientScope(tool: LecternTool): AppError {
  return new AppError('insufficient_permissions', `This key lacks the ${tool.scope} scope that ${tool.name} needs`, { required_scope: tool.scope });
}

function errorResult(err: AppError) {
  return {
    isError: true,
    content: [{ type: 'text' as const, text: JSON.stringify({ error: { code: err.code, message: err.message, ...(Object.keys(err.details).length > 0 && { details: err.details }) } }) }],
  };
}

/** Whether a tool name is one of Lectern's (for the per-request refusal of out-of-scope calls). */
export function knownTool(name: string): LecternTool | undefined {
  return tools.find((tool) => tool.name === name);
}
