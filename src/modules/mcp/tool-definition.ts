import type { z } from 'zod';
import type { AuthContext } from '../api-keys/auth-context.js';
import type { Scope } from '../api-keys/scopes.js';
import type { EndpointGroup } from '../rate-limits/policies.js';
import type { ServiceContext } from '../../shared/context.js';

/** Who calls a tool and with what: the same principal and services a REST request has. */
export interface ToolCall {
  ctx: ServiceContext;
  /** The key (or OAuth token) the call is authenticated as: workspace, scopes, limits. */
  auth: AuthContext;
  /** The HTTP request's id (or a fresh id per stdio call), as the request log records it. */
  requestId: string;
  /**
   * Where this Lectern is reached: PUBLIC_URL, else the /mcp request's origin (stdio: PUBLIC_URL, else
   * http://localhost:PORT). Tools answer absolute URLs with it (export_course's download_url).
   */
  baseUrl: string;
  /** Reports progress to the client when it asked for it (no-op otherwise). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
}

/** What a tool's annotations promise; they must be true of what `run` does. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint?: boolean;
}

/**
 * The one shape every MCP tool file exports (src/modules/mcp/tools/<name>.ts), listed in
 * tools/index.ts. A tool calls module services only; AppErrors it throws become
 * `isError: true` results with their code and message. Its answer is the `structuredContent`
 * (valid against `outputSchema`, REST field names) and also its JSON text.
 */
export interface LecternTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** ^[a-z0-9_]{1,64}$ */
  name: string;
  title: string;
  description: string;
  /** The REST scope the tool needs; the tool list a key sees holds only tools whose scope it has. */
  scope: Scope;
  /** The endpoint window its REST route also spends from (export, bulk, search), so a call counts as that request does. */
  rateLimit?: EndpointGroup;
  annotations: ToolAnnotations;
  inputSchema: I;
  outputSchema: O;
  run(call: ToolCall, input: z.output<I>): Promise<z.input<O>>;
}

/**
 * Keeps a tool file's input and output types tied to its schemas. The schemas go without
 * `$schema`: MCP reads a schema without it as JSON Schema 2020-12, what zod writes, and every
 * tools/list would otherwise carry the URL twice per tool.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: LecternTool<I, O>): LecternTool<I, O> {
  return { ...tool, inputSchema: tool.inputSchema.meta({ $schema: undefined }), outputSchema: tool.outputSchema.meta({ $schema: undefined }) };
}
