import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Environment, Plan } from '../db/types.js';
import type { KeyAuthRow } from '../modules/api-keys/api-keys.repository.js';
import { lookupKey } from '../modules/api-keys/key-lookup.js';
import type { KeyUsageRecorder } from '../modules/api-keys/key-usage.js';
import { hashKey, keyPattern } from '../modules/api-keys/key-format.js';
import { hasScope, type Scope } from '../modules/api-keys/scopes.js';
import { toIso } from '../shared/clock.js';
import type { ServiceContext } from '../shared/context.js';
import { AppError } from '../shared/errors.js';
import { httpsDetector } from './transport.js';

/** Who is calling: resolved from the API key before anything else about the request is read. */
export interface AuthContext {
  keyId: string;
  accountId: string;
  workspaceId: string;
  environment: Environment;
  scopes: ReadonlySet<string>;
  plan: Plan;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Scope the key needs for this route. Every /api/v1 route names one unless it is public. */
    scope?: Scope;
    /** No key needed (the OpenAPI document). */
    public?: boolean;
  }
}

export interface AuthOptions {
  ctx: ServiceContext;
  /** Where accepted keys' last use is recorded (in memory; written in batches). */
  keyUsage: KeyUsageRecorder;
  /** Refuse plain-HTTP API requests (NODE_ENV=production). */
  requireHttps: boolean;
  /** TRUST_PROXY: whose X-Forwarded-Proto to believe. */
  trustProxy: boolean | number | string;
}

export const API_PREFIX = '/api/v1';

/**
 * Authenticates every /api/v1 route in onRequest, before the body is read: HTTPS check, key
 * extraction, key lookup by hash, plan eligibility, then the route's scope.
 */
export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    const servedOverHttps = httpsDetector(options.trustProxy);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX) || route.config?.public) return;
      const scope = route.config?.scope;
      if (!scope) throw new Error(`Route ${route.method} ${route.url} declares no scope`);
      const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      // Callback style: on a cached key the whole check is synchronous, without a promise.
      const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        // done() is called outside the try blocks: it runs the next hooks, whose errors are theirs.
        const accept = (row: KeyAuthRow | undefined) => {
          let auth: AuthContext;
          try {
            auth = authorize(options.ctx, row, scope);
          } catch (err) {
            return done(err as Error);
          }
          request.auth = auth;
          options.keyUsage.touch(auth.keyId, toIso(options.ctx.clock.now()));
          done();
        };
        let row: ReturnType<typeof lookupKey>;
        try {
          if (options.requireHttps && !servedOverHttps(request)) {
            throw new AppError('https_required', 'The API is served over HTTPS only');
          }
          const key = credentialOf(request);
          if (!keyPattern.test(key)) throw invalidKey();
          row = lookupKey(options.ctx.db, hashKey(key));
        } catch (err) {
          return done(err as Error);
        }
        if (row instanceof Promise) row.then(accept, done);
        else accept(row);
      };
      route.onRequest = [check, ...hooks];
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** Turns the key row into the request's auth context, or the error that refuses it. */
function authorize(ctx: ServiceContext, row: KeyAuthRow | undefined, scope: Scope): AuthContext {
  if (!row || row.revoked_at !== null) throw invalidKey();
  if (row.key_expires_at !== null || row.secret_expires_at !== null) {
    const now = toIso(ctx.clock.now());
    if ((row.key_expires_at !== null && row.key_expires_at <= now) || (row.secret_expires_at !== null && row.secret_expires_at <= now)) {
      throw invalidKey();
    }
  }
  if (row.plan === 'starter') {
    throw new AppError('plan_not_eligible', 'API access needs the Professional, Enterprise or Custom plan', { plan: row.plan });
  }
  const scopes = scopeSet(row.scopes);
  if (!hasScope(scopes, scope)) {
    throw new AppError('insufficient_permissions', `This API key lacks the ${scope} scope`, { required_scope: scope });
  }
  return {
    keyId: row.key_id,
    accountId: row.account_id,
    workspaceId: row.workspace_id,
    environment: row.environment,
    scopes,
    plan: row.plan,
  };
}

const scopeSets = new Map<string, ReadonlySet<string>>();

/** Keys share a handful of distinct scope lists; parse each once. */
function scopeSet(json: string): ReadonlySet<string> {
  let set = scopeSets.get(json);
  if (!set) {
    set = new Set(JSON.parse(json) as string[]);
    if (scopeSets.size < 1000) scopeSets.set(json, set);
  }
  return set;
}

function credentialOf(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  const apiKeyHeader = request.headers['x-api-key'];
  let bearer: string | undefined;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError('invalid_api_key', 'Authorization must be "Bearer <API key>"');
    bearer = match[1];
  }
  const headerKey = Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader;
  if (bearer !== undefined && headerKey !== undefined && bearer !== headerKey) {
    throw new AppError('conflicting_credentials', 'Authorization and X-API-Key carry different keys; send one');
  }
  const key = bearer ?? headerKey;
  if (key === undefined || key === '') {
    throw new AppError('missing_api_key', 'Send an API key as "Authorization: Bearer <key>" or "X-API-Key: <key>"');
  }
  return key;
}

function invalidKey(): AppError {
  return new AppError('invalid_api_key', 'The API key is invalid, expired or revoked');
}
