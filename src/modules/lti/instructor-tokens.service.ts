import { createHash, randomBytes } from 'node:crypto';
import type { LtiPageTokenKind, LtiPageTokensTable } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import * as repo from './instructor-tokens.repository.js';
import { LaunchRefused } from './lti-launch.service.js';

/**
 * The tokens of the instructor pages inside the LMS (the Deep Linking picker, the members page):
 * 32 random bytes, carried in the pages' forms (never a cookie, never a URL), only their SHA-256
 * stored, each for one kind of page and one launch, until it expires or (the picker) is spent.
 */

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export type NewPageToken = Omit<LtiPageTokensTable, 'token_hash' | 'expires_at' | 'used_at' | 'created_at'>;

export async function issuePageToken(ctx: ServiceContext, row: NewPageToken, ttlMs: number): Promise<string> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  // Expired tokens go as new ones come, so the table holds only what may still be used.
  await repo.deleteExpiredPageTokens(ctx.db, toIso(now));
  await repo.insertPageToken(ctx.db, { ...row, token_hash: hashToken(token), expires_at: toIso(now + ttlMs), used_at: null, created_at: toIso(now) });
  return token;
}

const pageExpired = (what: string) =>
  new LaunchRefused(401, 'page_expired', 'This page has expired', `This ${what} is no longer valid: open Lectern again from your course.`);

/** The live token of a page, or the refusal its page shows; a spent token is refused with `spentMessage`. */
export async function livePageToken(ctx: ServiceContext, token: string | undefined, kind: LtiPageTokenKind, what: string): Promise<LtiPageTokensTable> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw pageExpired(what);
  const row = await repo.findPageToken(ctx.db, hashToken(token), kind, toIso(ctx.clock.now()));
  if (!row) throw pageExpired(what);
  if (row.used_at !== null) throw new LaunchRefused(409, 'page_used', 'This was already sent', `This ${what} was already used: open Lectern again from your course to choose again.`);
  return row;
}

/** Spends a single-use token; false when another request spent it first. */
export async function spendPageToken(ctx: ServiceContext, token: string): Promise<boolean> {
  return repo.spendPageToken(ctx.db, hashToken(token), toIso(ctx.clock.now()));
}
