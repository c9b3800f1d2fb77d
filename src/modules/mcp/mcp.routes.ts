import { Readable } from 'node:stream';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../api-keys/auth-context.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { publicBaseUrl } from '../../shared/public-url.js';
import { hasScope, scopes } from '../api-keys/scopes.js';
import { buildMcpServer, knownTool } from './mcp-server.js';

/**
 * Authenticates an OAuth 2.1 access token for /mcp (src/modules/oauth), or undefined when the
 * token is not one it issued or is no longer valid. Lectern keys (lct_…) never come here.
 */
export type OAuthTokenAuthenticator = (ctx: ServiceContext, token: string) => Promise<AuthContext | undefined>;

export interface McpRoutesOptions {
  ctx: ServiceContext;
  publicUrl: string | undefined;
  /** MCP_ALLOWED_ORIGINS: browser origins served besides PUBLIC_URL's. */
  allowedOrigins: string[];
  /** OAuth access tokens besides Lectern keys; without it, only keys authenticate. */
  oauthTokens?: OAuthTokenAuthenticator | undefined;
}

export const MCP_PATH = '/mcp';
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource/mcp';

/**
 * The Model Context Protocol over Streamable HTTP, stateless (docs/mcp.md): POST /mcp answers one
 * JSON-RPC message with a fresh server built for the caller's key (GET and DELETE answer 405, as
 * for any known path with another method), and the RFC 9728 metadata that tells a client where
 * to get a token. The caller is authenticated as on /api/v1 and lands in the request log and usage;
 * the handshake and tools/list spend nothing, each tool call spends one request.
 */
export async function mcpRoutes(app: FastifyInstance, options: McpRoutesOptions): Promise<void> {
  const { ctx } = options;
  const allowed = new Set([...options.allowedOrigins, ...(options.publicUrl ? [new URL(options.publicUrl).origin] : [])]);

  app.get(PROTECTED_RESOURCE_PATH, { schema: { hide: true } }, async (request) => {
    const base = publicBaseUrl(request, options.publicUrl);
    return {
      resource: `${base}${MCP_PATH}`,
      authorization_servers: [base],
      scopes_supported: [...scopes],
      bearer_methods_supported: ['header'],
      resource_name: 'Lectern MCP server',
      resource_documentation: `${base}/docs/mcp`,
    };
  });

  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin) && !sameLoopbackOrigin(origin, request.headers.host)) {
      return reply.code(403).send({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Origin ${origin} is not allowed (MCP_ALLOWED_ORIGINS)` } });
    }
    const { auth, viaOAuth } = await authenticate(request, reply);
    const baseUrl = publicBaseUrl(request, options.publicUrl);
    const refusedTool = refusedToolOf(request.body, auth);
    if (refusedTool && viaOAuth) {
      // An OAuth client can ask for more: RFC 6750's insufficient_scope names the scope (MCP's step-up
      // authorization). A Lectern key cannot, so it gets the tool result that says which scope it lacks.
      const scope = knownTool(refusedTool)!.scope;
      const id = (request.body as { id?: unknown }).id ?? null;
      return reply
        .code(403)
        .header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${baseUrl}${PROTECTED_RESOURCE_PATH}", error_description="${refusedTool} needs the ${scope} scope"`)
        .send({ jsonrpc: '2.0', id, error: { code: -32600, message: `This access token lacks the ${scope} scope that ${refusedTool} needs; sign in again and grant it` } });
    }
    const handler = createMcpHandler(
      () =>
        buildMcpServer({
          ctx,
          auth,
          spend: (who, group) => app.keyAuth.spend(who, group),
          requestId: () => request.id,
          baseUrl,
          refusedTool,
        }),
      { onerror: (err) => request.log.warn({ err }, 'MCP request refused') },
    );
    // Closed once the answer is sent: an SSE answer (a tool reporting progress) streams after fetch resolves.
    reply.raw.once('close', () => void handler.close());
    const response = await handler.fetch(webRequest(request, baseUrl), { parsedBody: request.body });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body));
  });

  /** The caller as on /api/v1; without a credential, the 401 that points to the OAuth metadata. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<{ auth: AuthContext; viaOAuth: boolean }> {
    const challenge = `Bearer resource_metadata="${publicBaseUrl(request, options.publicUrl)}${PROTECTED_RESOURCE_PATH}"`;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    try {
      if (request.headers.authorization === undefined && request.headers['x-api-key'] === undefined) {
        throw new AppError('missing_api_key', 'Send a Lectern key or an OAuth access token as "Authorization: Bearer <token>"');
      }
      let auth: AuthContext;
      const viaOAuth = bearer !== undefined && !bearer.startsWith('lct_') && options.oauthTokens !== undefined;
      if (viaOAuth) {
        const token = await options.oauthTokens!(ctx, bearer);
        if (!token) throw new AppError('invalid_api_key', 'The access token is invalid, expired or revoked');
        auth = token;
      } else {
        auth = await app.keyAuth.authenticate(request);
      }
      await app.keyAuth.admit(request, reply, auth, 0);
      return { auth, viaOAuth };
    } catch (err) {
      const refused = await app.keyAuth.refusal(request, reply, err);
      if (!(refused instanceof AppError) || refused.status !== 401) throw refused;
      // RFC 9728: the challenge names the metadata that says where to get a token.
      const invalid = refused.code === 'invalid_api_key' ? ', error="invalid_token"' : '';
      throw new AppError(refused.code, refused.message, refused.details, { ...refused.headers, 'WWW-Authenticate': `${challenge}${invalid}` });
    }
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A page served by this very server on a loopback address (http://localhost:3000 calling
 * http://localhost:3000/mcp): its Origin names the Host the request came to, and both are loopback
 * names, so no rebound DNS name is involved (a rebinding page's Host and Origin carry its own name).
 */
function sameLoopbackOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && loopbackHosts.has(url.hostname) && url.host === host.toLowerCase();
}

/** A web-standard Request for the SDK's handler, its body already parsed by Fastify. */
function webRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'host') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`${baseUrl}${MCP_PATH}`, { method: 'POST', headers, body: JSON.stringify(request.body ?? null) });
}

/** The Lectern tool a tools/call request names when the caller's scopes do not allow it. */
function refusedToolOf(body: unknown, auth: AuthContext): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const message = body as { method?: unknown; params?: { name?: unknown } };
  if (message.method !== 'tools/call' || typeof message.params?.name !== 'string') return undefined;
  const tool = knownTool(message.params.name);
  return tool && !hasScope(auth.scopes, tool.scope) ? tool.name : undefined;
}
