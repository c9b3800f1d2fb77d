import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { ApiKeySecretsTable, ApiKeysTable, DB, Plan } from '../../db/types.js';

/** What authenticating one secret needs, in one query. */
export interface KeyAuthRow {
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

export async function revokeKey(db: Kysely<DB>, accountId: string, keyId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', keyId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
