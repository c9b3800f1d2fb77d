import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { ApiKeysTable, Environment } from '../../db/types.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { workspaceOf } from '../accounts/accounts.service.js';
import { insertKey } from './api-keys.repository.js';
import { generateKey, hashKey, keyHints } from './key-format.js';
import { isScope } from './scopes.js';

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
