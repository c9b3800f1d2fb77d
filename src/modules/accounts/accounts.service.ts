import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { AccountsTable, Environment, Plan } from '../../db/types.js';
import { findAccount, findWorkspace, insertAccount, insertWorkspace, updateAccount } from './accounts.repository.js';

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
  return (await findAccount(ctx.db, accountId))!;
}

/** The workspace of an account's environment; created with the account, so it always exists. */
export async function workspaceOf(ctx: ServiceContext, accountId: string, environment: Environment): Promise<string> {
  const workspace = await findWorkspace(ctx.db, accountId, environment);
  if (!workspace) throw notFound('Account', accountId);
  return workspace.id;
}
