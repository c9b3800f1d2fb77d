import type { Kysely } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, LtiToolKeysTable } from '../../db/types.js';

/** The current key with its private part: for signing only (tool-keys.service.ts never lets it out otherwise). */
export async function findCurrentKey(db: Kysely<DB>): Promise<Pick<LtiToolKeysTable, 'kid' | 'private_jwk'> | undefined> {
  return db.selectFrom('lti_tool_keys').select(['kid', 'private_jwk']).where('state', '=', 'current').executeTakeFirst();
}

/**
 * Inserts a key unless one in its state exists already (the partial unique index on `state` for
 * `current` and `previous`): false when another process made its current key first.
 */
export async function insertKeyIfAbsent(db: Kysely<DB>, row: LtiToolKeysTable): Promise<boolean> {
  const result = await db
    .insertInto('lti_tool_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The public halves of the published keys (current, then previous): never a private part. */
export async function publishedKeys(db: Kysely<DB>): Promise<Pick<LtiToolKeysTable, 'kid' | 'public_jwk' | 'state'>[]> {
  return db
    .selectFrom('lti_tool_keys')
    .select(['kid', 'public_jwk', 'state'])
    .where('state', 'in', ['current', 'previous'])
    .orderBy('state') // 'current' < 'previous'
    .execute();
}

/**
 * Within the caller's transaction: retires the previous key, makes the current one previous and
 * `next` current. The published rows are locked first, so two rotations run one after the other.
 * Answers the kids that changed state.
 */
export async function rotateKeys(
  trx: Kysely<DB>,
  next: LtiToolKeysTable,
  now: string,
): Promise<{ previous: string | null; retired: string | null }> {
  const published = await lockForUpdate(trx, trx.selectFrom('lti_tool_keys').select(['kid', 'state']).where('state', 'in', ['current', 'previous'])).execute();
  await trx.updateTable('lti_tool_keys').set({ state: 'retired', retired_at: now }).where('state', '=', 'previous').execute();
  await trx.updateTable('lti_tool_keys').set({ state: 'previous' }).where('state', '=', 'current').execute();
  await trx.insertInto('lti_tool_keys').values(next).execute();
  return {
    previous: published.find((k) => k.state === 'current')?.kid ?? null,
    retired: published.find((k) => k.state === 'previous')?.kid ?? null,
  };
}
