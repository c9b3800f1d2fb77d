import type { Environment } from '../../db/types.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { workspaceOf } from '../accounts/accounts.service.js';
import { getApiKey, type KeyManager } from '../api-keys/api-keys.service.js';
import type { PendingKeyUsage } from '../api-keys/key-usage.js';
import { scopes } from '../api-keys/scopes.js';
import { subscribableEventTypes } from '../events/event-types.js';
import { limitsOf } from '../rate-limits/policies.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { readBudgets } from '../rate-limits/rate-limits.service.js';
import { passwordChangeNeedsCurrent, type Session, type User } from '../users/users.service.js';

/**
 * A console user acts on one workspace of their own account: for key management, a caller with
 * every scope in that environment (the role decides what they may change, console-session.ts).
 */
export async function managerOf(ctx: ServiceContext, user: User, environment: Environment): Promise<KeyManager> {
  return { accountId: user.account_id, workspaceId: await workspaceOf(ctx, user.account_id, environment), environment, scopes: new Set(['*']) };
}

/** Who is signed in, their account, what the pickers offer, and how many attempts a webhook delivery gets. */
export async function consoleProfile(ctx: ServiceContext, session: Session, webhookMaxAttempts: number) {
  const { user } = session;
  const account = await findAccount(ctx.db, user.account_id);
  return {
    user,
    /** Whether PUT /console/api/password needs current_password in this session. */
    password_change_needs_current: passwordChangeNeedsCurrent(session),
    account: { id: user.account_id, name: account?.name ?? '', plan: account?.plan ?? 'starter' },
    environments: ['production', 'development', 'staging'] as Environment[],
    scopes: ['*', ...scopes],
    event_types: subscribableEventTypes,
    webhook_max_attempts: webhookMaxAttempts,
  };
}

/**
 * A key's current budgets, as GET /rate-limits shows them to the key itself, read without spending
 * (cost 0). Only keys of the caller's workspace (404 otherwise).
 */
export async function keyBudgets(ctx: ServiceContext, keyUsage: PendingKeyUsage, limiter: RateLimiter | undefined, caller: KeyManager, keyId: string) {
  await getApiKey(ctx, keyUsage, caller, keyId);
  if (!limiter) throw new AppError('resource_not_found', 'Rate limits are off on this server (RATE_LIMITS=off)');
  const account = await findAccount(ctx.db, caller.accountId);
  const plan = (account?.plan ?? 'starter');
  if (!account || plan === 'starter') return { key_id: keyId, plan, hourly: null, burst: null, endpoints: {} };
  return { key_id: keyId, plan, ...(await readBudgets(limiter, keyId, limitsOf(plan, account), ctx.clock.now())) };
}
