import { type Kysely, sql } from 'kysely';
import { preparedPage } from '../../db/keyset.js';
import { prepared } from '../../db/prepared.js';
import type { PageRequest } from '../../shared/pagination.js';
import type { AccountLimitColumns } from '../rate-limits/policies.js';
import type { ApiKeySecretsTable, ApiKeysTable, DB, Plan } from '../../db/types.js';
import { countRows } from '../../db/count.js';
import { keyRowsChanged } from './key-cache.js';

/** What authenticating and limiting one secret needs, in one query. */
export interface KeyAuthRow extends AccountLimitColumns {
  key_id: string;
  account_id: string;
  workspace_id: string;
  environment: ApiKeysTable['environment'];
  scopes: string;
  key_expires_at: string | null;
  revoked_at: string | null;
  secret_expires_at: string | null;
  plan: Plan;
}

const keyBySecretHash = prepared<{ hash: string }, KeyAuthRow>((db, p) =>
  db
    .selectFrom('api_key_secrets as s')
    .innerJoin('api_keys as k', 'k.id', 's.key_id')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id as key_id',
      'k.account_id',
      'k.workspace_id',
      'k.environment',
      'k.scopes',
      'k.expires_at as key_expires_at',
      'k.revoked_at',
      's.expires_at as secret_expires_at',
      'a.plan',
      'a.hourly_limit',
      'a.burst_limit',
      'a.export_hourly_limit',
      'a.bulk_hourly_limit',
      'a.search_hourly_limit',
    ])
    .where('s.hash', '=', p('hash')),
);

/** Runs on every authenticated request, hence compiled once. */
export async function findKeyBySecretHash(db: Kysely<DB>, hash: string): Promise<KeyAuthRow | undefined> {
  return keyBySecretHash.first(db, { hash });
}

export async function insertKey(db: Kysely<DB>, key: ApiKeysTable, secret: ApiKeySecretsTable): Promise<void> {
  await db.insertInto('api_keys').values(key).execute();
  await db.insertInto('api_key_secrets').values(secret).execute();
}

/** Commits on `db` unless it is a transaction: this process forgets its key rows at once (key-cache.ts). */
export async function revokeKey(db: Kysely<DB>, accountId: string, keyId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', keyId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  keyRowsChanged(db);
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Moves last_used_at forward only: another process may have written a later use already. Not
 * workspace-scoped: the id comes from authentication, never from a client.
 */
export async function recordLastUsed(db: Kysely<DB>, keyId: string, at: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}

const keyColumns = [
  'id',
  'account_id',
  'workspace_id',
  'name',
  'environment',
  'scopes',
  'key_start',
  'key_end',
  'previous_key_start',
  'previous_key_end',
  'previous_key_expires_at',
  'created_at',
  'last_used_at',
  'expires_at',
  'revoked_at',
] as const;

/** The current names of the workspace's keys among `ids` (a key that no longer exists is absent). */
export async function keyNames(db: Kysely<DB>, workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  // In statements of at most 500 ids, within both databases' limits on bound parameters.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('api_keys').select(['id', 'name']).where('workspace_id', '=', workspaceId).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

export async function findKey(db: Kysely<DB>, workspaceId: string, id: string): Promise<ApiKeysTable | undefined> {
  return db.selectFrom('api_keys').select(keyColumns).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/**
 * A key by id whatever its account or workspace: for the operator CLI only (`lectern key revoke`),
 * which acts for the service's operator, not for a tenant. Never reachable over the API.
 */
export async function findKeyOfAnyAccount(db: Kysely<DB>, id: string): Promise<ApiKeysTable | undefined> {
  return db.selectFrom('api_keys').select(keyColumns).where('id', '=', id).executeTakeFirst();
}

/** Every key of an account, all environments, oldest first (the operator CLI's `key list`). */
export async function listKeysOfAccount(db: Kysely<DB>, accountId: string): Promise<ApiKeysTable[]> {
  return db.selectFrom('api_keys').select(keyColumns).where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

const keyPage = preparedPage<Record<never, never>, { workspaceId: string }, ApiKeysTable>({
  valuesOf: (workspaceId) => ({ workspaceId }),
  build: (db, _set, values) => db.selectFrom('api_keys').select(keyColumns).where('workspace_id', '=', values.workspaceId),
  // api_keys is indexed by account, not workspace: a page of a workspace's keys scans the table.
  unindexed: true,
});

export async function listKeys(db: Kysely<DB>, workspaceId: string, page: PageRequest): Promise<ApiKeysTable[]> {
  return keyPage(db, workspaceId, {}, page);
}

export async function countKeys(db: Kysely<DB>, workspaceId: string): Promise<number> {
  return countRows(db.selectFrom('api_keys').where('workspace_id', '=', workspaceId));
}

/**
 * Rotation: the new secret is added, and every secret still working gets `graceUntil` as its
 * end (or keeps an earlier one), so the old key works for the grace period and no longer. The key
 * keeps the replaced secret's hints and end beside the new secret's.
 */
export async function rotateSecret(db: Kysely<DB>, keyId: string, secret: ApiKeySecretsTable, graceUntil: string, hints: { start: string; end: string }): Promise<void> {
  await db
    .updateTable('api_key_secrets')
    .set({ expires_at: graceUntil })
    .where('key_id', '=', keyId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', graceUntil)]))
    .execute();
  await db.insertInto('api_key_secrets').values(secret).execute();
  // The replaced secret's hints are the current ones (SET reads the row as it was).
  await db
    .updateTable('api_keys')
    .set({
      previous_key_start: sql<string>`key_start`,
      previous_key_end: sql<string>`key_end`,
      previous_key_expires_at: graceUntil,
      key_start: hints.start,
      key_end: hints.end,
    })
    .where('id', '=', keyId)
    .execute();
}
