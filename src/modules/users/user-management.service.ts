import type { UserRole } from '../../db/types.js';
import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { FAILURE_RETENTION_MS } from './sign-in-throttle.js';
import * as repo from './users.repository.js';
import { createSignInLink, createUser, signInUrl, signOutEverywhere } from './users.service.js';

/**
 * Owners manage their account's users (the console's Users page): invite by one-time link, change
 * a role, remove, end sessions, issue a recovery link. Every function takes the owner's account id
 * first: another account's user is "not found", exactly as a missing one. The account always keeps
 * an owner.
 */

/** A user as owners see them: never the password hash; their sessions and the failed sign-ins for their email. */
export interface ConsoleUser {
  id: string;
  email: string;
  role: UserRole;
  has_password: boolean;
  created_at: string;
  /** Sessions not ended or expired. */
  sessions: number;
  last_sign_in_at: string | null;
  /** Failed password sign-ins (and wrong current passwords) for the email in the last 24 hours, from any address. */
  failed_sign_ins: { count: number; last_at: string | null; last_address: string | null };
}

function toConsoleUser(row: repo.AccountUserRow): ConsoleUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    has_password: Boolean(row.has_password),
    created_at: row.created_at,
    sessions: Number(row.sessions ?? 0),
    last_sign_in_at: row.last_sign_in_at,
    failed_sign_ins: { count: Number(row.failures ?? 0), last_at: row.last_failure_at ?? null, last_address: row.last_failure_address ?? null },
  };
}

async function accountUsers(ctx: ServiceContext, accountId: string, id?: string): Promise<ConsoleUser[]> {
  const now = ctx.clock.now();
  const rows = await repo.listAccountUsers(ctx.db, accountId, toIso(now), toIso(now - FAILURE_RETENTION_MS), id);
  return rows.map(toConsoleUser);
}

export async function listConsoleUsers(ctx: ServiceContext, accountId: string): Promise<ConsoleUser[]> {
  return accountUsers(ctx, accountId);
}

export async function getConsoleUser(ctx: ServiceContext, accountId: string, id: string): Promise<ConsoleUser> {
  const [user] = await accountUsers(ctx, accountId, id);
  if (!user) throw notFound('User', id);
  return user;
}

/** Invites a user: created with a one-time link the owner hands over (no mail is sent). */
export async function inviteUser(ctx: ServiceContext, accountId: string, input: { email: string; role: UserRole }, baseUrl: string) {
  const { user, signInToken, signInExpiresAt } = await createUser(ctx, { accountId, email: input.email, role: input.role });
  return { user: await getConsoleUser(ctx, accountId, user.id), sign_in_url: signInUrl(baseUrl, signInToken), expires_at: signInExpiresAt };
}

function lastOwner(): AppError {
  return new AppError('last_owner', 'The account needs an owner: make another user owner first');
}

/** Changes a user's role; demoting the account's last owner answers 409 last_owner. */
export async function changeRole(ctx: ServiceContext, accountId: string, id: string, role: UserRole): Promise<ConsoleUser> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockAccountUsers(trx, accountId);
    if (!(await repo.findAccountUser(trx, accountId, id))) throw notFound('User', id);
    if (!(await repo.updateRoleKeepingAnOwner(trx, accountId, id, role, nowIso(ctx.clock)))) throw lastOwner();
  });
  return getConsoleUser(ctx, accountId, id);
}

/** Removes a user, their sessions and unused links; removing the account's last owner answers 409 last_owner. */
export async function removeUser(ctx: ServiceContext, accountId: string, id: string): Promise<{ id: string; deleted: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockAccountUsers(trx, accountId);
    if (!(await repo.findAccountUser(trx, accountId, id))) throw notFound('User', id);
    if (!(await repo.deleteUserKeepingAnOwner(trx, accountId, id))) throw lastOwner();
  });
  return { id, deleted: true };
}

/** A fresh one-time link for a user of the account (recovery: the owner hands it over). */
export async function issueSignInLink(ctx: ServiceContext, accountId: string, id: string, baseUrl: string): Promise<{ sign_in_url: string; expires_at: string }> {
  if (!(await repo.findAccountUser(ctx.db, accountId, id))) throw notFound('User', id);
  const link = await createSignInLink(ctx, id);
  return { sign_in_url: signInUrl(baseUrl, link.token), expires_at: link.expiresAt };
}

/** Ends every session of a user of the account; answers how many there were. */
export async function endSessionsOf(ctx: ServiceContext, accountId: string, id: string): Promise<{ sessions: number }> {
  if (!(await repo.findAccountUser(ctx.db, accountId, id))) throw notFound('User', id);
  return { sessions: await signOutEverywhere(ctx, id) };
}
