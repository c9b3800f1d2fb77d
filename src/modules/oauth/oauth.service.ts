import { createHash, randomBytes } from 'node:crypto';
import type { Environment, Plan, UserRole } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { workspaceOf } from '../accounts/accounts.service.js';
import type { AuthContext } from '../api-keys/auth-context.js';
import { isScope, scopes as knownScopes } from '../api-keys/scopes.js';
import { limitsOf } from '../rate-limits/policies.js';
import type { User } from '../users/users.service.js';
import * as repo from './oauth.repository.js';

/**
 * Who an OAuth access token authenticates: an AuthContext where the grant stands in for a key
 * (keyId is the grant's id, `oag_…`), so rate limits, usage and the request log count it like a
 * key of its workspace.
 */
export type OAuthPrincipal = AuthContext;

/**
 * Token prefixes: `lcto_` (Lectern OAuth) and never `lct_`, which is a key's: /mcp tells the two
 * apart by it, and the REST API's key pattern refuses these.
 */
export const CODE_TTL_MS = 60_000;
export const ACCESS_TTL_MS = 60 * 60_000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * An error answered as RFC 6749 §5.2 JSON (`{error, error_description}`) by the token, registration
 * and revocation endpoints: their clients are OAuth libraries, which read that shape, not Lectern's
 * error envelope.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope' | 'invalid_redirect_uri' | 'invalid_client_metadata',
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function secret(prefix: string): string {
  const bytes = randomBytes(40);
  let out = prefix;
  for (const b of bytes) out += BASE62[b % 62];
  return out;
}
const newOAuthId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function mcpResource(base: string): string {
  return `${base}/mcp`;
}

/** RFC 8414 authorization server metadata. */
export function metadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [...knownScopes],
  };
}

/** https, or http on a loopback host (native apps, RFC 8252); never a fragment. */
export function acceptableRedirectUri(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/** RFC 7591 registration of a public client. */
export async function registerClient(ctx: ServiceContext, body: { redirect_uris?: unknown; client_name?: unknown; token_endpoint_auth_method?: unknown }) {
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs');
  }
  if (!uris.every(acceptableRedirectUri)) {
    throw new OAuthError('invalid_redirect_uri', 'Every redirect URI must be https, or http on localhost/127.0.0.1, without a fragment');
  }
  if (body.token_endpoint_auth_method !== undefined && body.token_endpoint_auth_method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'Only public clients (token_endpoint_auth_method "none", with PKCE) are registered');
  }
  const name = typeof body.client_name === 'string' && body.client_name.trim() !== '' ? body.client_name.trim().slice(0, 100) : 'Unnamed app';
  const now = ctx.clock.now();
  const client = { id: newOAuthId('oac'), name, redirect_uris: JSON.stringify(uris), created_at: toIso(now) };
  await repo.insertClient(ctx.db, client);
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(now / 1000),
    client_name: name,
    redirect_uris: uris as string[],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  scope?: string;
  resource?: string;
}

/** Where an authorization request cannot redirect (unknown client, a redirect URI not registered): an error page. */
export class AuthorizePageError extends Error {}

/**
 * Checks an authorization request. A bad client or redirect URI throws AuthorizePageError (never
 * a redirect to an unverified URI); anything else wrong answers the redirect's `error`.
 */
export async function checkAuthorizeRequest(ctx: ServiceContext, params: AuthorizeParams, base: string) {
  const client = params.client_id ? await repo.findClient(ctx.db, params.client_id) : undefined;
  if (!client) throw new AuthorizePageError('Unknown client_id');
  const registered = JSON.parse(client.redirect_uris) as string[];
  if (!params.redirect_uri || !registered.includes(params.redirect_uri)) throw new AuthorizePageError('redirect_uri is not one the client registered');
  const fail = (error: string, description: string) => ({ ok: false as const, redirect: redirectWith(params.redirect_uri!, { error, error_description: description, state: params.state }) });
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!params.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge)) return fail('invalid_request', 'code_challenge (S256) is required');
  if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (params.resource !== undefined && params.resource !== mcpResource(base)) return fail('invalid_target', `resource must be ${mcpResource(base)}`);
  const requested = (params.scope ?? '').split(' ').filter((s) => s !== '');
  if (requested.some((s) => !isScope(s) || s === '*')) return fail('invalid_scope', 'Unknown scope');
  return { ok: true as const, client: { client_id: client.id, name: client.name }, requested_scopes: requested };
}

export function redirectWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** What a role may grant: viewers only read scopes. */
export function grantableScopes(role: UserRole): string[] {
  return role === 'viewer' ? knownScopes.filter((s) => s.endsWith(':read')) : [...knownScopes];
}

/** The consent's answer: a redirect with a code (Approve) or with access_denied (Deny). */
export async function decide(
  ctx: ServiceContext,
  user: User,
  params: AuthorizeParams,
  base: string,
  decision: { approve: boolean; environment: Environment; scopes: string[] },
): Promise<string> {
  const checked = await checkAuthorizeRequest(ctx, params, base).catch((err: unknown) => {
    if (err instanceof AuthorizePageError) throw new AppError('validation_error', err.message);
    throw err;
  });
  if (!checked.ok) return checked.redirect;
  if (!decision.approve) return redirectWith(params.redirect_uri!, { error: 'access_denied', state: params.state });
  const allowed = new Set(grantableScopes(user.role));
  if (decision.scopes.length === 0) throw new AppError('validation_error', 'Pick at least one scope');
  for (const scope of decision.scopes) {
    if (!allowed.has(scope)) throw new AppError('insufficient_permissions', `Your role cannot grant ${scope}`, { scope });
  }
  const workspaceId = await workspaceOf(ctx, user.account_id, decision.environment);
  const code = secret('lcto_ac_');
  const now = ctx.clock.now();
  await repo.insertCode(ctx.db, {
    hash: sha256(code),
    client_id: params.client_id!,
    user_id: user.id,
    workspace_id: workspaceId,
    scopes: JSON.stringify([...new Set(decision.scopes)]),
    resource: mcpResource(base),
    code_challenge: params.code_challenge!,
    redirect_uri: params.redirect_uri!,
    expires_at: toIso(now + CODE_TTL_MS),
    used_at: null,
    grant_id: null,
  });
  return redirectWith(params.redirect_uri!, { code, state: params.state });
}

export interface TokenRequest {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  client_id?: string;
  code_verifier?: string;
  refresh_token?: string;
  resource?: string;
}

/** POST /oauth/token: authorization_code (with PKCE) or refresh_token (rotating). */
export async function token(ctx: ServiceContext, body: TokenRequest) {
  if (body.grant_type === 'authorization_code') return exchangeCode(ctx, body);
  if (body.grant_type === 'refresh_token') return refresh(ctx, body);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

async function exchangeCode(ctx: ServiceContext, body: TokenRequest) {
  if (!body.code || !body.code_verifier || !body.redirect_uri || !body.client_id) {
    throw new OAuthError('invalid_request', 'code, code_verifier, redirect_uri and client_id are required');
  }
  const client = await repo.findClient(ctx.db, body.client_id);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id', 401);
  const hash = sha256(body.code);
  const code = await repo.findCode(ctx.db, hash);
  const now = ctx.clock.now();
  const at = toIso(now);
  if (!code || code.client_id !== client.id) throw new OAuthError('invalid_grant', 'The code is invalid');
  if (code.used_at !== null) {
    // A replayed code: whoever holds it may have stolen it, so what it issued stops working (RFC 6749 §4.1.2).
    if (code.grant_id) await repo.revokeGrantById(ctx.db, code.grant_id, at);
    throw new OAuthError('invalid_grant', 'The code was used already');
  }
  if (code.expires_at <= at) throw new OAuthError('invalid_grant', 'The code expired');
  if (code.redirect_uri !== body.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  const challenge = createHash('sha256').update(body.code_verifier).digest('base64url');
  if (challenge !== code.code_challenge) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  const grantId = newOAuthId('oag');
  const account = await ctx.db.selectFrom('workspaces').select('account_id').where('id', '=', code.workspace_id).executeTakeFirstOrThrow();
  await repo.insertGrant(ctx.db, {
    id: grantId,
    client_id: client.id,
    account_id: account.account_id,
    workspace_id: code.workspace_id,
    user_id: code.user_id,
    scopes: code.scopes,
    resource: code.resource,
    created_at: at,
    last_used_at: null,
    expires_at: toIso(now + REFRESH_TTL_MS),
    revoked_at: null,
  });
  if (!(await repo.useCode(ctx.db, hash, at, grantId))) {
    await repo.revokeGrantById(ctx.db, grantId, at);
    throw new OAuthError('invalid_grant', 'The code was used already');
  }
  return issue(ctx, grantId, code.scopes, now);
}

async function refresh(ctx: ServiceContext, body: TokenRequest) {
  if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const hash = sha256(body.refresh_token);
  const row = await repo.findToken(ctx.db, hash);
  const now = ctx.clock.now();
  const at = toIso(now);
  if (!row || row.kind !== 'refresh') throw new OAuthError('invalid_grant', 'The refresh token is invalid');
  if (body.client_id !== undefined && body.client_id !== row.client_id) throw new OAuthError('invalid_grant', 'The refresh token belongs to another client');
  if (row.revoked_at !== null || row.expires_at <= at) throw new OAuthError('invalid_grant', 'The refresh token expired or was revoked');
  if (row.used_at !== null || !(await repo.useToken(ctx.db, hash, at))) {
    // Rotation: an old refresh token presented again means two parties hold it; the whole family ends.
    await repo.revokeGrantById(ctx.db, row.grant_id, at);
    throw new OAuthError('invalid_grant', 'The refresh token was used already; the grant is revoked');
  }
  await repo.touchGrant(ctx.db, row.grant_id, at, toIso(now + REFRESH_TTL_MS));
  return issue(ctx, row.grant_id, row.scopes, now);
}

async function issue(ctx: ServiceContext, grantId: string, scopes: string, now: number) {
  const access = secret('lcto_at_');
  const refreshToken = secret('lcto_rt_');
  const created = toIso(now);
  await repo.insertToken(ctx.db, { hash: sha256(access), grant_id: grantId, kind: 'access', expires_at: toIso(now + ACCESS_TTL_MS), used_at: null, created_at: created });
  await repo.insertToken(ctx.db, { hash: sha256(refreshToken), grant_id: grantId, kind: 'refresh', expires_at: toIso(now + REFRESH_TTL_MS), used_at: null, created_at: created });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_MS / 1000,
    refresh_token: refreshToken,
    scope: (JSON.parse(scopes) as string[]).join(' '),
  };
}

/** RFC 7009: revoking either token ends the grant; an unknown token is answered the same (200). */
export async function revokeToken(ctx: ServiceContext, tokenValue: string | undefined): Promise<void> {
  if (!tokenValue) throw new OAuthError('invalid_request', 'token is required');
  const row = await repo.findToken(ctx.db, sha256(tokenValue));
  if (row) await repo.revokeGrantById(ctx.db, row.grant_id, toIso(ctx.clock.now()));
}

/**
 * The principal of an OAuth access token, for /mcp: its grant stands where a key would (keyId is
 * the grant's id), in the grant's workspace with the consented scopes and the account's limits.
 * Expired, revoked, unknown tokens, refresh tokens and accounts on the Starter plan: undefined.
 */
export async function authenticateOAuthToken(ctx: ServiceContext, tokenValue: string): Promise<OAuthPrincipal | undefined> {
  if (!/^lcto_at_[0-9A-Za-z]{40}$/.test(tokenValue)) return undefined;
  const row = await repo.findToken(ctx.db, sha256(tokenValue));
  const now = toIso(ctx.clock.now());
  if (!row || row.kind !== 'access' || row.revoked_at !== null || row.expires_at <= now || row.plan === 'starter') return undefined;
  // Last use to the minute: a write per minute at most, not per request.
  if (row.last_used_at === null || row.last_used_at.slice(0, 16) !== now.slice(0, 16)) await repo.touchGrant(ctx.db, row.grant_id, now, row.grant_expires_at);
  return {
    keyId: row.grant_id,
    accountId: row.account_id,
    workspaceId: row.workspace_id,
    environment: row.environment,
    scopes: new Set(JSON.parse(row.scopes) as string[]),
    plan: row.plan as Plan,
    limits: limitsOf(row.plan, row),
  };
}

/** The grants of a workspace, for the console's "Connected apps". */
export async function listGrants(ctx: ServiceContext, workspaceId: string) {
  const rows = await repo.listGrants(ctx.db, workspaceId, toIso(ctx.clock.now()));
  return rows.map((row) => ({ ...row, scopes: JSON.parse(row.scopes) as string[] }));
}

export async function revokeGrant(ctx: ServiceContext, workspaceId: string, grantId: string): Promise<void> {
  if (!(await repo.revokeGrant(ctx.db, workspaceId, grantId, toIso(ctx.clock.now())))) {
    throw new AppError('resource_not_found', `Connected app ${grantId} not found`, { resource: 'oauth_grant', id: grantId });
  }
}
