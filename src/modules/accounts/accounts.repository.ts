import type { Kysely } from 'kysely';
import type { AccountsTable, DB, Environment, WorkspacesTable } from '../../db/types.js';
import { countRows } from '../../db/count.js';

export async function insertAccount(db: Kysely<DB>, row: AccountsTable): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function findAccount(db: Kysely<DB>, id: string): Promise<AccountsTable | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateAccount(db: Kysely<DB>, id: string, changes: Partial<AccountsTable>): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** Every account, oldest first (the operator CLI's `account list`). */
export async function listAccounts(db: Kysely<DB>): Promise<AccountsTable[]> {
  return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countAccounts(db: Kysely<DB>): Promise<number> {
  return countRows(db.selectFrom('accounts'));
}

export async function findWorkspace(db: Kysely<DB>, accountId: string, environment: Environment): Promise<WorkspacesTable | undefined> {
  return db.selectFrom('workspaces').selectAll().where('account_id', '=', accountId).where('environment', '=', environment).executeTakeFirst();
}

export async function insertWorkspace(db: Kysely<DB>, row: WorkspacesTable): Promise<void> {
  await db.insertInto('workspaces').values(row).onConflict((oc) => oc.columns(['account_id', 'environment']).doNothing()).execute();
}
