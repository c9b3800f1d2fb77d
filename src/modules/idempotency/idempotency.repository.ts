import type { ExpressionBuilder, Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { DB, IdempotencyKeysTable } from '../../db/types.js';

// Every keyed POST claims and then answers: both statements built and compiled once.
const claimInsert = prepared<Pick<IdempotencyKeysTable, keyof IdempotencyKeysTable>, never>((db, p) =>
  db
    .insertInto('idempotency_keys')
    .values({
      workspace_id: p('workspace_id'),
      key: p('key'),
      request_hash: p('request_hash'),
      state: p('state'),
      response_status: p('response_status'),
      response_body: p('response_body'),
      locked_until: p('locked_until'),
      created_at: p('created_at'),
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'key']).doNothing()),
);

/** Inserts the record unless one exists for (workspace, key); true when this call inserted it. */
export async function insertIfAbsent(db: Kysely<DB>, row: IdempotencyKeysTable): Promise<boolean> {
  return (await claimInsert.affected(db, row)) > 0;
}

export async function findRecord(db: Kysely<DB>, workspaceId: string, key: string): Promise<IdempotencyKeysTable | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('workspace_id', '=', workspaceId).where('key', '=', key).executeTakeFirst();
}

/**
 * One holder's claim on a record: the instants its claim wrote. A holder whose lock lapsed and
 * was taken over no longer matches them.
 */
export interface ClaimStamp {
  key: string;
  createdAt: string;
  lockedUntil: string;
}

/** The record, still running under `claim` (a filter for updates and deletes of the holder). */
function heldBy(workspaceId: string, claim: ClaimStamp) {
  return (eb: ExpressionBuilder<DB, 'idempotency_keys'>) =>
    eb.and([
      eb('workspace_id', '=', workspaceId),
      eb('key', '=', claim.key),
      eb('state', '=', 'running'),
      eb('created_at', '=', claim.createdAt),
      eb('locked_until', '=', claim.lockedUntil),
    ]);
}

/**
 * Takes over a running record whose holder died (its lock lapsed); true when this caller won it.
 * A record that its holder finished meanwhile (state done, on PostgreSQL after waiting for the
 * holder's transaction) is not taken.
 */
export async function takeOver(db: Kysely<DB>, stale: IdempotencyKeysTable, requestHash: string, lockedUntil: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ request_hash: requestHash, state: 'running', locked_until: lockedUntil, created_at: now, response_status: null, response_body: null })
    .where(heldBy(stale.workspace_id, { key: stale.key, createdAt: stale.created_at, lockedUntil: stale.locked_until }))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const responseSave = prepared<{ workspaceId: string; key: string; createdAt: string; lockedUntil: string; status: number; body: string }, never>((db, p) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: p('status'), response_body: p('body') })
    .where(heldBy(p('workspaceId'), { key: p('key'), createdAt: p('createdAt'), lockedUntil: p('lockedUntil') })),
);

/** Stores the response of a running record while `claim` still holds it; true when it did. */
export async function saveResponse(db: Kysely<DB>, workspaceId: string, claim: ClaimStamp, status: number, body: string): Promise<boolean> {
  return (await responseSave.affected(db, { workspaceId, key: claim.key, createdAt: claim.createdAt, lockedUntil: claim.lockedUntil, status, body })) > 0;
}

/** Deletes a running record while `claim` still holds it; true when it did. */
export async function deleteClaim(db: Kysely<DB>, workspaceId: string, claim: ClaimStamp): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where(heldBy(workspaceId, claim))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteRecord(db: Kysely<DB>, workspaceId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('workspace_id', '=', workspaceId).where('key', '=', key).execute();
}

export async function deleteCreatedBefore(db: Kysely<DB>, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
