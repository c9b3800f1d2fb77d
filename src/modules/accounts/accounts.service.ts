import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { AccountsTable, Environment, Plan } from '../../db/types.js';
import { keyRowsChanged } from '../api-keys/key-cache.js';
import { findAccount, findWorkspace, insertAccount, insertWorkspace, listAccounts as listAccountRows, updateAccount } from './accounts.repository.js';

export const plans: readonly Plan[] = ['starter', 'professional', 'enterprise', 'custom'];
export const environments: readonly Environment[] = ['production', 'development', 'staging'];

export interface CreateAccountInput {
  name: string;
  plan: Plan;
  email?: string | undefined;
}

export async function createAccount(ctx: ServiceContext, input: CreateAccountInput): Promise<AccountsTable> {
  const now = nowIso(ctx.clock);
  const account: AccountsTable = {
    id: newId('acc', ctx.clock.now()),
    name: input.name,
    email: input.email ?? null,
    plan: input.plan,
    hourly_limit: null,
    burst_limit: null,
    export_hourly_limit: null,
    bulk_hourly_limit: null,
    search_hourly_limit: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertAccount(trx, account);
    for (const environment of environments) {
      await insertWorkspace(trx, { id: newId('wsp', ctx.clock.now()), account_id: account.id, environment, created_at: now });
    }
  });
  return account;
}

export interface PlanLimits {
  hourly_limit?: number | undefined;
  burst_limit?: number | undefined;
  export_hourly_limit?: number | undefined;
  bulk_hourly_limit?: number | undefined;
  search_hourly_limit?: number | undefined;
}

export async function setPlan(ctx: ServiceContext, accountId: string, plan: Plan, limits: PlanLimits): Promise<AccountsTable> {
  const account = await findAccount(ctx.db, accountId);
  if (!account) throw notFound('Account', accountId);
  await updateAccount(ctx.db, accountId, { plan, ...limits, updated_at: nowIso(ctx.clock) });
  keyRowsChanged(ctx.db);
  return (await findAccount(ctx.db, accountId))!;
}

/** The workspace of an account's environment; created with the account, so it always exists. */
export async function workspaceOf(ctx: ServiceContext, accountId: string, environment: Environment): Promise<string> {
  const workspace = await findWorkspace(ctx.db, accountId, environment);
  if (!workspace) throw notFound('Account', accountId);
  return workspace.id;
}

/** An account as the operator CLI shows it; a null limit means the plan's default. */
export interface AccountSummary {
  id: string;
  name: string;
  email: string | null;
  plan: Plan;
  hourly_limit: number | null;
  burst_limit: number | null;
  export_hourly_limit: number | null;
  bulk_hourly_limit: number | null;
  search_hourly_limit: number | null;
  created_at: string;
  updated_at: string;
}

export function toAccountSummary(row: AccountsTable): AccountSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    hourly_limit: row.hourly_limit,
    burst_limit: row.burst_limit,
    export_hourly_limit: row.export_hourly_limit,
    bulk_hourly_limit: row.bulk_hourly_limit,
    search_hourly_limit: row.search_hourly_limit,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every account, oldest first. */
export async function listAccounts(ctx: ServiceContext): Promise<AccountSummary[]> {
  return (await listAccountRows(ctx.db)).map(toAccountSummary);
}
