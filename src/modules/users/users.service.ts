import { createHash, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/dialect.js';
import type { SessionMethod, UserRole, UsersTable } from '../../db/types.js';
import { nowIso, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { assertNotThrottled, purgeOldFailures, recordFailure } from './sign-in-throttle.js';
import * as repo from './users.repository.js';

export const roles = ['owner', 'developer', 'viewer'] as const satisfies readonly UserRole[];

/** A session lasts 12 hours from sign-in, whatever its use: then the user signs in again. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** A sign-in link works once, within 24 hours. */
export const SIGN_IN_LINK_TTL_MS = 24 * 3_600_000;
export const MIN_PASSWORD_LENGTH = 12;

/** What the console shows of a user: never the password hash. */
export interface User {
  id: string;
  account_id: string;
  email: string;
  role: UserRole;
  has_password: boolean;
  created_at: string;
}

export function toUser(row: UsersTable): User {
  return { id: row.id, account_id: row.account_id, email: row.email, role: row.role, has_password: row.password_hash !== null, created_at: row.created_at };
}

/** A signed-in session: the user, and the token the console echoes on every change (CSRF). */
export interface Session {
  user: User;
  csrfToken: string;
  expiresAt: string;
  /** How it was opened: after a one-time link, a password can be set without the current one. */
  method: SessionMethod;
}

/** A one-time sign-in link's token (to put in a URL: signInUrl) and when it stops working. */
export interface SignInLink {
  token: string;
  expiresAt: string;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');
const token = () => randomBytes(32).toString('base64url');

/** The one form of an email in storage and in the throttle: trimmed, lower-cased. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Creates a console user of an account and a one-time sign-in link (the token, to put in a URL, is returned once). */
export async function createUser(
  ctx: ServiceContext,
  input: { accountId: string; email: string; role?: UserRole },
): Promise<{ user: User; signInToken: string; signInExpiresAt: string }> {
  const email = normalEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new AppError('invalid_parameter', `"${input.email}" is not an email address`, { parameter: 'email' });
  const role = input.role ?? 'developer';
  if (!roles.includes(role)) throw new AppError('invalid_parameter', `role must be one of ${roles.join(', ')}`, { parameter: 'role' });
  if (!(await findAccount(ctx.db, input.accountId))) throw notFound('Account', input.accountId);
  if (await repo.findUserByEmail(ctx.db, email)) throw emailTaken(email);
  const now = nowIso(ctx.clock);
  const row: UsersTable = { id: newId('usr', ctx.clock.now()), account_id: input.accountId, email, role, password_hash: null, created_at: now, updated_at: now, last_sign_in_at: null };
  try {
    await repo.insertUser(ctx.db, row);
  } catch (err) {
    // Two invitations of one email at once: the second meets the unique email.
    if (isUniqueViolation(err)) throw emailTaken(email);
    throw err;
  }
  const link = await createSignInLink(ctx, row.id);
  return { user: toUser(row), signInToken: link.token, signInExpiresAt: link.expiresAt };
}

function emailTaken(email: string): AppError {
  return new AppError('invalid_parameter', `A user with the email ${email} exists already`, { parameter: 'email' });
}

/** A new one-time sign-in link for a user; only its hash is stored. Earlier links keep working until used or expired. */
export async function createSignInLink(ctx: ServiceContext, userId: string): Promise<SignInLink> {
  const secret = token();
  const now = ctx.clock.now();
  const expiresAt = toIso(now + SIGN_IN_LINK_TTL_MS);
  await repo.insertSignInLink(ctx.db, { hash: sha256(secret), user_id: userId, expires_at: expiresAt, used_at: null, created_at: toIso(now) });
  return { token: secret, expiresAt };
}

/**
 * `lectern user link`: a new one-time link for the existing user of an email (and of `accountId`,
 * when given), for a user who lost their way in.
 */
export async function createSignInLinkForEmail(ctx: ServiceContext, email: string, accountId?: string): Promise<{ user: User; link: SignInLink }> {
  const row = await repo.findUserByEmail(ctx.db, normalEmail(email));
  if (!row || (accountId !== undefined && row.account_id !== accountId)) {
    const where = accountId === undefined ? '' : ` in account ${accountId}`;
    throw new AppError('resource_not_found', `No console user has the email ${normalEmail(email)}${where}: create one with lectern user create`, {
      resource: 'user',
      id: normalEmail(email),
    });
  }
  return { user: toUser(row), link: await createSignInLink(ctx, row.id) };
}

/** A new session for the user: always a fresh id (no session id from before sign-in is ever kept). */
async function openSession(ctx: ServiceContext, user: UsersTable, method: SessionMethod): Promise<{ sessionId: string; session: Session }> {
  await purgeExpired(ctx);
  const sessionId = token();
  const now = ctx.clock.now();
  const session: Session = { user: toUser(user), csrfToken: token(), expiresAt: toIso(now + SESSION_TTL_MS), method };
  await repo.insertSession(ctx.db, { hash: sha256(sessionId), user_id: user.id, csrf_token: session.csrfToken, created_at: toIso(now), expires_at: session.expiresAt, method });
  await repo.setLastSignIn(ctx.db, user.id, toIso(now));
  return { sessionId, session };
}

function invalidCredentials(): AppError {
  return new AppError('invalid_credentials', 'The email and password, or the sign-in link, are not valid');
}

/**
 * Signs in with a one-time link: the link is used up, whoever uses it first. The per-account
 * throttle does not apply: a link is 256 bits, not a guess, and it is the way back in.
 */
export async function signInWithLink(ctx: ServiceContext, linkToken: string): Promise<{ sessionId: string; session: Session }> {
  const userId = await repo.consumeSignInLink(ctx.db, sha256(linkToken), nowIso(ctx.clock));
  const user = userId === undefined ? undefined : await repo.findUser(ctx.db, userId);
  if (!user) throw invalidCredentials();
  return openSession(ctx, user, 'link');
}

/**
 * Signs in with email and password from a client address. An unknown email costs the same scrypt
 * run as a wrong password and counts as a failure alike; an email past the per-account limit is
 * refused (429) before any scrypt run, even with the right password (letting it through would tell
 * a guesser which attempt was right).
 */
export async function signInWithPassword(ctx: ServiceContext, email: string, password: string, address: string): Promise<{ sessionId: string; session: Session }> {
  const normal = normalEmail(email);
  await assertNotThrottled(ctx, normal);
  const user = await repo.findUserByEmail(ctx.db, normal);
  const matches = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || user.password_hash === null || !matches) {
    await recordFailure(ctx, normal, address);
    throw invalidCredentials();
  }
  return openSession(ctx, user, 'password');
}

/** The live session of a session id, or undefined (unknown, expired or signed out). */
export async function sessionOf(ctx: ServiceContext, sessionId: string): Promise<Session | undefined> {
  const row = await repo.findSession(ctx.db, sha256(sessionId), nowIso(ctx.clock));
  if (!row) return undefined;
  return { user: toUser(row), csrfToken: row.csrf_token, expiresAt: row.expires_at, method: row.method };
}

export async function signOut(ctx: ServiceContext, sessionId: string): Promise<void> {
  await repo.deleteSession(ctx.db, sha256(sessionId));
}

/** Ends every session of the user, on every device. */
export async function signOutEverywhere(ctx: ServiceContext, userId: string): Promise<number> {
  return repo.deleteSessionsOfUser(ctx.db, userId);
}

/** Whether changing the password in this session needs the current one: not before the first, nor after a one-time link. */
export function passwordChangeNeedsCurrent(session: Session): boolean {
  return session.user.has_password && session.method !== 'link';
}

/**
 * Sets the signed-in user's password; other sessions end (a changed password locks out whoever had
 * one). The current password is asked for (passwordChangeNeedsCurrent), so a borrowed session cannot
 * take the account; a wrong one counts as a failed sign-in of the per-account throttle, and answers
 * 400, not 401 (the session is fine: the console would take a 401 for "signed out").
 */
export async function setPassword(
  ctx: ServiceContext,
  session: Session,
  currentSessionId: string,
  input: { password: string; currentPassword?: string | undefined; address: string },
): Promise<void> {
  const userId = session.user.id;
  if (passwordChangeNeedsCurrent(session) && input.currentPassword === undefined) {
    throw new AppError('validation_error', 'Give your current password to change it', { errors: [{ path: '/current_password', message: 'is required' }] });
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('validation_error', `The password needs at least ${MIN_PASSWORD_LENGTH} characters`, {
      errors: [{ path: '/password', message: `must have at least ${MIN_PASSWORD_LENGTH} characters` }],
    });
  }
  if (passwordChangeNeedsCurrent(session)) {
    await assertNotThrottled(ctx, session.user.email);
    const row = await repo.findUser(ctx.db, userId);
    if (!row || !(await verifyPassword(input.currentPassword!, row.password_hash ?? DUMMY_HASH))) {
      await recordFailure(ctx, session.user.email, input.address);
      throw new AppError('validation_error', 'That is not your current password', { errors: [{ path: '/current_password', message: 'is not your current password' }] });
    }
  }
  await repo.setPasswordHash(ctx.db, userId, await hashPassword(input.password), nowIso(ctx.clock));
  await repo.deleteOtherSessions(ctx.db, userId, sha256(currentSessionId));
}

/** Drops expired sessions and dead sign-in links: run at each sign-in (rare), so neither table grows without bound. */
async function purgeExpired(ctx: ServiceContext): Promise<void> {
  const now = nowIso(ctx.clock);
  await repo.deleteExpiredSessions(ctx.db, now);
  await repo.deleteDeadSignInLinks(ctx.db, now);
  await purgeOldFailures(ctx);
}

/**
 * The console address that signs in with a link token. The token travels in the fragment, which
 * browsers never send: it stays out of access logs and Referer headers.
 */
export function signInUrl(baseUrl: string, signInToken: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/console/#/sign-in/${signInToken}`;
}

/** The address the server listens on, as the CLI can tell it from the configuration. */
export function defaultBaseUrl(config: { host: string; port: number; tls: boolean }): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `${config.tls ? 'https' : 'http'}://${host}:${config.port}`;
}
