import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { DB, LtiLoginStatesTable } from '../../db/types.js';

const stateColumns = [
  'state_hash',
  'workspace_id',
  'registration_id',
  'nonce',
  'target_link_uri',
  'login_params',
  'storage_target',
  'expires_at',
  'used_at',
  'created_at',
] as const;

export async function insertLoginState(db: Kysely<DB>, row: LtiLoginStatesTable): Promise<void> {
  await db.insertInto('lti_login_states').values(row).execute();
}

/** The login of a state hash, used or not, expired or not (the caller tells which, to say why). */
export async function findLoginState(db: Kysely<DB>, stateHash: string): Promise<LtiLoginStatesTable | undefined> {
  return db.selectFrom('lti_login_states').select(stateColumns).where('state_hash', '=', stateHash).executeTakeFirst();
}

/** Marks an unused, unexpired state used in one statement (single use across processes); false when another took it. */
export async function consumeLoginState(db: Kysely<DB>, stateHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lti_login_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a spent nonce; false when the registration saw it before (a replay). */
export async function spendNonce(db: Kysely<DB>, registrationId: string, nonce: string, expiresAt: string): Promise<boolean> {
  try {
    await db.insertInto('lti_used_nonces').values({ registration_id: registrationId, nonce, expires_at: expiresAt }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Unscoped, for the purge: logins and nonces past use. A used state is kept as long as an unused one, so a replay still reads as one. */
export async function deleteExpiredLoginStates(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom('lti_login_states').where('expires_at', '<', before).execute();
  await db.deleteFrom('lti_used_nonces').where('expires_at', '<', before).execute();
}
