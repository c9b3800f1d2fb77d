import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import type { ApiKeysTable, Environment } from '../../db/types.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { workspaceOf } from '../accounts/accounts.service.js';
import { countKeys, findKey, findKeyOfAnyAccount, insertKey, listKeys, listKeysOfAccount, revokeKey, rotateSecret } from './api-keys.repository.js';
import type { ApiKey, CreateApiKeyBody, ListApiKeysQuery } from './api-keys.schemas.js';
import { keyRowsChanged } from './key-cache.js';
import { environmentMarkers, generateKey, hashKey, keyHints } from './key-format.js';
import { laterOf, type PendingKeyUsage } from './key-usage.js';
import { hasScope, isScope, type Scope } from './scopes.js';

export interface CreateKeyInput {
  accountId: string;
  environment: Environment;
  name: string;
  scopes?: string[] | undefined;
  expiresAt?: string | undefined;
}

/** Creates a key; the full key is in the result and nowhere else, ever again. */
export async function createKey(ctx: ServiceContext, input: CreateKeyInput): Promise<{ record: ApiKeysTable; key: string }> {
  const scopes = input.scopes && input.scopes.length > 0 ? [...new Set(input.scopes)] : ['*'];
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new AppError('validation_error', `Unknown scopes: ${unknown.join(', ')}`, {
      errors: unknown.map((s) => ({ path: '/scopes', message: `unknown scope "${s}"` })),
    });
  }
  const account = await findAccount(ctx.db, input.accountId);
  if (!account) throw notFound('Account', input.accountId);
  const workspaceId = await workspaceOf(ctx, account.id, input.environment);
  const key = generateKey(input.environment);
  const hints = keyHints(key);
  const now = nowIso(ctx.clock);
  const record: ApiKeysTable = {
    id: newId('key', ctx.clock.now()),
    account_id: account.id,
    workspace_id: workspaceId,
    name: input.name,
    environment: input.environment,
    scopes: JSON.stringify(scopes),
    key_start: hints.start,
    key_end: hints.end,
    previous_key_start: null,
    previous_key_end: null,
    previous_key_expires_at: null,
    created_at: now,
    last_used_at: null,
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertKey(trx, record, { hash: hashKey(key), key_id: record.id, expires_at: null, created_at: now });
  });
  return { record, key };
}

/** The hint of a secret: the environment's marker and the first and last 4 characters. */
function hintOf(environment: Environment, start: string, end: string): string {
  return `lct_${environmentMarkers[environment]}_${start}…${end}`;
}

/**
 * What the API shows of a key at `now`: never its secret or hash. The secret a rotation replaced
 * shows (hint and end) while its grace period runs, that is while it still works.
 */
export function toApiKey(row: ApiKeysTable, now: string): ApiKey {
  const previousWorks =
    row.previous_key_expires_at !== null &&
    row.previous_key_expires_at > now &&
    row.revoked_at === null &&
    (row.expires_at === null || row.expires_at > now);
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    scopes: JSON.parse(row.scopes) as string[],
    key_hint: hintOf(row.environment, row.key_start, row.key_end),
    previous_key_hint: previousWorks ? hintOf(row.environment, row.previous_key_start ?? '', row.previous_key_end ?? '') : null,
    previous_key_expires_at: previousWorks ? row.previous_key_expires_at : null,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
}

/** The operator CLI's view of an account's keys, every environment: never a secret or its hash. */
export async function listKeysForOperator(ctx: ServiceContext, accountId: string): Promise<ApiKey[]> {
  if (!(await findAccount(ctx.db, accountId))) throw notFound('Account', accountId);
  const now = nowIso(ctx.clock);
  return (await listKeysOfAccount(ctx.db, accountId)).map((row) => toApiKey(row, now));
}

/**
 * The operator CLI revokes any key by id: every secret stops at once, on the next request of every
 * process. Revoking a revoked key changes nothing (`revoked` false, the first revocation's time kept).
 */
export async function revokeKeyForOperator(ctx: ServiceContext, id: string): Promise<{ key: ApiKey; revoked: boolean }> {
  const row = await findKeyOfAnyAccount(ctx.db, id);
  if (!row) throw notFound('API key', id);
  const revoked = await revokeKey(ctx.db, row.account_id, id, nowIso(ctx.clock));
  return { key: toApiKey((await findKeyOfAnyAccount(ctx.db, id))!, nowIso(ctx.clock)), revoked };
}

/** The caller as far as key management needs it. */
export interface KeyManager {
  accountId: string;
  workspaceId: string;
  environment: Environment;
  scopes: ReadonlySet<string>;
}

const keySorts = { created_at: { column: 'created_at', direction: 'asc' } } as const;

/** A stored key with this process's use not yet written: a client sees its own use at once. */
function withUsage(ctx: ServiceContext, usage: PendingKeyUsage, row: ApiKeysTable): ApiKey {
  return toApiKey({ ...row, last_used_at: laterOf(row.last_used_at, usage.pending(row.id)) }, nowIso(ctx.clock));
}

export async function listApiKeys(ctx: ServiceContext, usage: PendingKeyUsage, caller: KeyManager, query: ListApiKeysQuery): Promise<PageResult<ApiKey>> {
  const page = parseListQuery('api-keys', caller.workspaceId, query, keySorts, 'created_at');
  const [rows, total] = await Promise.all([
    listKeys(ctx.db, caller.workspaceId, page),
    page.mode === 'page' ? countKeys(ctx.db, caller.workspaceId) : undefined,
  ]);
  return toPageResult('api-keys', caller.workspaceId, page, rows, total, (row) => row.created_at, (row) => withUsage(ctx, usage, row));
}

export async function getApiKey(ctx: ServiceContext, usage: PendingKeyUsage, caller: KeyManager, id: string): Promise<ApiKey> {
  const row = await findKey(ctx.db, caller.workspaceId, id);
  if (!row) throw notFound('API key', id);
  return withUsage(ctx, usage, row);
}

/**
 * A key creates keys of its own environment (a development key never mints production keys)
 * with scopes no wider than its own.
 */
export async function createApiKeyFor(ctx: ServiceContext, caller: KeyManager, body: CreateApiKeyBody): Promise<ApiKey & { key: string }> {
  if (body.environment !== caller.environment) {
    throw new AppError('insufficient_permissions', `A ${caller.environment} key manages ${caller.environment} keys only`, {
      environment: body.environment,
    });
  }
  const requested = body.scopes ?? ['*'];
  assertWithin(caller.scopes, requested);
  if (body.expires_at !== undefined && body.expires_at <= nowIso(ctx.clock)) {
    throw new AppError('validation_error', 'expires_at must be in the future', { errors: [{ path: '/expires_at', message: 'must be in the future' }] });
  }
  const { record, key } = await createKey(ctx, {
    accountId: caller.accountId,
    environment: body.environment,
    name: body.name,
    scopes: requested,
    expiresAt: body.expires_at,
  });
  return { ...toApiKey(record, nowIso(ctx.clock)), key };
}

/** New secret, shown once; the old one keeps working for the grace period (default 24 h). */
export async function rotateApiKey(ctx: ServiceContext, usage: PendingKeyUsage, caller: KeyManager, id: string, graceSeconds = 86_400): Promise<ApiKey & { key: string }> {
  const rotated = await ctx.db.transaction().execute(async (trx) => {
    const row = await findKey(trx, caller.workspaceId, id);
    if (!row) throw notFound('API key', id);
    if (row.revoked_at !== null) throw new AppError('api_key_revoked', `API key ${id} is revoked and cannot be rotated`, { key_id: id });
    assertManages(caller.scopes, row, 'rotate');
    const key = generateKey(row.environment);
    const now = ctx.clock.now();
    const hints = keyHints(key);
    const graceUntil = toIso(now + graceSeconds * 1000);
    await rotateSecret(trx, id, { hash: hashKey(key), key_id: id, expires_at: null, created_at: toIso(now) }, graceUntil, hints);
    const rotatedRow = {
      ...row,
      previous_key_start: row.key_start,
      previous_key_end: row.key_end,
      previous_key_expires_at: graceUntil,
      key_start: hints.start,
      key_end: hints.end,
    };
    return { ...withUsage(ctx, usage, rotatedRow), key };
  });
  // After the commit: this process's own key rows (key-cache.ts); revokeKey and setPlan do the same.
  keyRowsChanged(ctx.db);
  return rotated;
}

/** Every secret of the key stops at once, also one still in a rotation's grace period. */
export async function revokeApiKey(ctx: ServiceContext, usage: PendingKeyUsage, caller: KeyManager, id: string): Promise<ApiKey> {
  const row = await findKey(ctx.db, caller.workspaceId, id);
  if (!row) throw notFound('API key', id);
  assertManages(caller.scopes, row, 'revoke');
  await revokeKey(ctx.db, caller.accountId, id, nowIso(ctx.clock));
  return withUsage(ctx, usage, (await findKey(ctx.db, caller.workspaceId, id))!);
}

/** The scopes of `requested` that `callerScopes` does not hold (`*` only within `*`; write implies read). */
function widerScopes(callerScopes: ReadonlySet<string>, requested: string[]): string[] {
  if (callerScopes.has('*')) return [];
  return requested.filter((scope) => scope === '*' || !hasScope(callerScopes, scope as Scope));
}

function assertWithin(callerScopes: ReadonlySet<string>, requested: string[]): void {
  const wider = widerScopes(callerScopes, requested);
  if (wider.length > 0) {
    throw new AppError('insufficient_permissions', `A key cannot grant scopes it does not have: ${wider.join(', ')}`, { scopes: wider });
  }
}

/**
 * A key rotates or revokes only keys whose scopes are within its own: otherwise a key holding only
 * keys:write could take a wider key away from its owner (revoke) or get its secret (rotate).
 */
function assertManages(callerScopes: ReadonlySet<string>, target: ApiKeysTable, action: 'rotate' | 'revoke'): void {
  const wider = widerScopes(callerScopes, JSON.parse(target.scopes) as string[]);
  if (wider.length > 0) {
    throw new AppError(
      'insufficient_permissions',
      `A key can only ${action} keys whose scopes are within its own; API key ${target.id} also holds: ${wider.join(', ')}`,
      { key_id: target.id, action, scopes: wider },
    );
  }
}
