import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { rateLimited } from '../../shared/errors.js';
import { publicBaseUrl } from '../../shared/public-url.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { type AuthorizeParams, AuthorizePageError, checkAuthorizeRequest, metadata, OAuthError, registerClient, revokeToken, token } from './oauth.service.js';

export interface OAuthOptions {
  ctx: ServiceContext;
  limiter: RateLimiter | undefined;
  publicUrl: string | undefined;
}

const hide = { hide: true } as const;
/** Registrations per address and hour: enough for any real assistant, a wall for a script. */
const REGISTRATIONS_PER_HOUR = 20;

/**
 * Lectern as an OAuth 2.1 authorization server for /mcp (docs/mcp.md, "OAuth sign-in"): metadata,
 * dynamic registration, the authorization request (handed to the console's consent page), token
 * and revocation endpoints. Outside /api/v1: no key; errors are RFC 6749 JSON.
 */
export async function oauthRoutes(app: FastifyInstance, options: OAuthOptions) {
  const { ctx, limiter } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const oauthError = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof OAuthError)) throw err;
    return reply.code(err.status).header('cache-control', 'no-store').send({ error: err.error, error_description: err.description });
  };

  app.get('/.well-known/oauth-authorization-server', { schema: hide }, async (request) => metadata(publicBaseUrl(request, options.publicUrl)));

  app.post('/oauth/register', { schema: hide }, async (request, reply) => {
    if (limiter) {
      const now = ctx.clock.now();
      const limits = { hourly: REGISTRATIONS_PER_HOUR, burst: REGISTRATIONS_PER_HOUR, export: 1, bulk: 1, search: 1, imports: 1 };
      const decision = await limiter.check({ keyId: `oauth-register:${request.ip}`, limits, group: undefined, now, cost: 1 });
      if (!decision.allowed) throw rateLimited('Too many client registrations from this address', Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
    }
    try {
      const client = await registerClient(ctx, (request.body ?? {}));
      return reply.code(201).header('cache-control', 'no-store').send(client);
    } catch (err) {
      return oauthError(reply, err);
    }
  });

  // The console shows the consent (sign-in first if needed); only a verified redirect URI is ever redirected to.
  app.get('/oauth/authorize', { schema: hide }, async (request, reply) => {
    const params = stringFields(request.query) as AuthorizeParams;
    try {
      const checked = await checkAuthorizeRequest(ctx, params, publicBaseUrl(request, options.publicUrl));
      if (!checked.ok) return reply.redirect(checked.redirect, 302);
      const query = new URLSearchParams(stringFields(request.query)).toString();
      return reply.redirect(`/console/#/authorize?${query}`, 302);
    } catch (err) {
      if (!(err instanceof AuthorizePageError)) throw err;
      return reply
        .code(400)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        .send(errorPage(err.message));
    }
  });

  app.post('/oauth/token', { schema: hide }, async (request, reply) => {
    try {
      const answer = await token(ctx, stringFields(request.body));
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (err) {
      return oauthError(reply, err);
    }
  });

  app.post('/oauth/revoke', { schema: hide }, async (request, reply) => {
    try {
      await revokeToken(ctx, stringFields(request.body).token);
      return reply.code(200).send({});
    } catch (err) {
      return oauthError(reply, err);
    }
  });
}

function stringFields(source: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return fields;
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

function errorPage(message: string): string {
  const text = message.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style></head><body><h1>This app's sign-in request is not valid</h1><p>${text}</p><p>Nothing was shared. Tell the app's maker.</p></body></html>`;
}
