import { createHash, randomBytes } from 'node:crypto';
import type { PlayerMode } from '../../db/types.js';
import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { getCourse } from '../courses/courses.service.js';
import { getStudent } from '../students/students.service.js';
import * as repo from './player-sessions.repository.js';

/**
 * Sessions of the live learner player. A session is made by whoever opened the player (an LTI
 * launch for a learner, the console's Preview) and carried by the page as a bearer token: the
 * token is 32 random bytes (base64url), only its SHA-256 is stored, and it is never a cookie nor
 * an API key. It lasts PLAYER_SESSION_TTL_MS from its creation, whatever its use.
 */

/** Four hours: a lesson sitting, with margin; a new launch or preview makes a new session. */
export const PLAYER_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

/** Where the player page is served; the token follows in the URL's fragment, which browsers never send. */
export const PLAYER_PATH = '/play/';

export interface PlayerSession {
  /** The token's hash: names the session (its rate limits) without being its secret. */
  id: string;
  workspaceId: string;
  courseId: string;
  /** The student the session writes for; null in a preview. */
  studentId: string | null;
  mode: PlayerMode;
  launchId: string | null;
  expiresAt: string;
}

export interface NewPlayerSession {
  workspaceId: string;
  courseId: string;
  studentId: string | null;
  mode: PlayerMode;
  launchId?: string | null;
  /** Lectern's public origin (PUBLIC_URL or the request's), without a trailing slash. */
  baseUrl: string;
}

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Opens a session and answers its token and the player URL that carries it (`<baseUrl>/play/#<token>`):
 * in the fragment, the token reaches neither the server's logs nor a `Referer`. The course (and the
 * student, in learner mode) must be of the workspace: 404 otherwise. A learner session needs a
 * student, a preview has none (400 otherwise: a caller's bug, not a user's).
 */
export async function createPlayerSession(ctx: ServiceContext, input: NewPlayerSession): Promise<{ token: string; url: string; expiresAt: string }> {
  if ((input.mode === 'learner') !== (input.studentId !== null)) {
    throw new AppError('validation_error', input.mode === 'learner' ? 'A learner session needs a student' : 'A preview session has no student');
  }
  await getCourse(ctx, input.workspaceId, input.courseId);
  if (input.studentId !== null) await getStudent(ctx, input.workspaceId, input.studentId);
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = toIso(now + PLAYER_SESSION_TTL_MS);
  // Ended sessions go as new ones come, so the table holds only what is live (and a little more).
  await repo.deleteExpiredPlayerSessions(ctx.db, toIso(now));
  await repo.insertPlayerSession(ctx.db, {
    token_hash: tokenHash(token),
    workspace_id: input.workspaceId,
    course_id: input.courseId,
    student_id: input.studentId,
    mode: input.mode,
    launch_id: input.launchId ?? null,
    expires_at: expiresAt,
    created_at: toIso(now),
  });
  return { token, url: `${input.baseUrl.replace(/\/+$/, '')}${PLAYER_PATH}#${token}`, expiresAt };
}

/** The live session a token opens, or undefined (unknown, malformed or expired). */
export async function playerSessionOf(ctx: ServiceContext, token: string): Promise<PlayerSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await repo.findLivePlayerSession(ctx.db, tokenHash(token), toIso(ctx.clock.now()));
  if (!row) return undefined;
  return {
    id: row.token_hash,
    workspaceId: row.workspace_id,
    courseId: row.course_id,
    studentId: row.student_id,
    mode: row.mode,
    launchId: row.launch_id,
    expiresAt: row.expires_at,
  };
}
