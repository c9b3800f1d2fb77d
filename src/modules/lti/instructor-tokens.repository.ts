import type { Kysely } from 'kysely';
import type { DB, LtiPageTokenKind, LtiPageTokensTable } from '../../db/types.js';

const tokenColumns = [
  'token_hash',
  'kind',
  'workspace_id',
  'registration_id',
  'deployment_id',
  'launch_id',
  'return_url',
  'settings',
  'expires_at',
  'used_at',
  'created_at',
] as const;

export async function insertPageToken(db: Kysely<DB>, row: LtiPageTokensTable): Promise<void> {
  await db.insertInto('lti_page_tokens').values(row).execute();
}

/** The token of this hash and kind, spent or not, unless it has expired. */
export async function findPageToken(db: Kysely<DB>, tokenHash: string, kind: LtiPageTokenKind, now: string): Promise<LtiPageTokensTable | undefined> {
  return db
    .selectFrom('lti_page_tokens')
    .select(tokenColumns)
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a token: true for the one caller that did (a second, concurrent or later, gets false). */
export async function spendPageToken(db: Kysely<DB>, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lti_page_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteExpiredPageTokens(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('lti_page_tokens').where('expires_at', '<=', now).execute();
}
