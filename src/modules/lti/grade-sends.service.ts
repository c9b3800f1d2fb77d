import type { Kysely } from 'kysely';
import type { DB, LtiGradeSendsTable } from '../../db/types.js';
import { enqueueJobs, runSoon } from '../../jobs/queue.js';
import { announceJobs } from '../../jobs/wakeup.js';
import { type Clock, toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { notFound } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { type PageResult, parseListQuery, toPageResult } from '../../shared/pagination.js';
import * as repo from './grade-sends.repository.js';
import { gradeSendSorts, type ListGradeSendsQuery, type LtiGradeSend } from './grade-sends.schemas.js';
import { findRegistration } from './lti-registrations.repository.js';

/**
 * Grades back to the LMS (LTI AGS, docs/lti.md "Grades (AGS)"): each course score worked out for a
 * student whose launch named a line item becomes a send, written in the transaction that changed
 * the score together with its job, so that a crash loses none; the job (grade-send.job.ts) posts it.
 */

export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const SCORE_MAXIMUM = 100;

/** A course score as the LMS gets it. */
export interface CourseScoreUpdate {
  workspaceId: string;
  studentId: string;
  courseId: string;
  /** 0–100: the course score (enrollments' `score`). */
  score: number;
  /** The enrollment is completed: `activityProgress` Completed. */
  completed: boolean;
}

const grantsScore = (scopes: string | null): boolean => {
  if (scopes === null) return false;
  try {
    const parsed = JSON.parse(scopes) as unknown;
    return Array.isArray(parsed) && parsed.includes(AGS_SCORE_SCOPE);
  } catch {
    return false;
  }
};

/**
 * In the caller's transaction: one send per line item the student was launched into this course
 * with (the latest launch of each line item and user, when the platform granted the score scope),
 * each with its job; pending sends of the same line item and user are superseded (their jobs run
 * now and find nothing to send), so that an older score never reaches the LMS after a newer one.
 * Answers how many sends were made.
 */
export async function enqueueGradeSends(trx: Kysely<DB>, clock: Clock, update: CourseScoreUpdate): Promise<number> {
  const launches = await repo.gradedLaunchesOf(trx, update.workspaceId, update.studentId, update.courseId);
  if (launches.length === 0) return 0;
  const now = clock.now();
  const nowText = toIso(now);
  const seen = new Set<string>();
  const rows: LtiGradeSendsTable[] = [];
  for (const launch of launches) {
    const key = `${launch.registration_id} ${launch.sub} ${launch.ags_lineitem}`;
    if (seen.has(key) || !grantsScore(launch.ags_scopes)) continue;
    seen.add(key);
    rows.push({
      id: newId('lgs', now),
      workspace_id: update.workspaceId,
      registration_id: launch.registration_id,
      launch_id: launch.id,
      student_id: update.studentId,
      course_id: update.courseId,
      lineitem_url: launch.ags_lineitem!,
      user_id: launch.sub!,
      score_given: update.score,
      score_maximum: SCORE_MAXIMUM,
      activity_progress: update.completed ? 'Completed' : 'InProgress',
      grading_progress: 'FullyGraded',
      timestamp: nowText,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: nowText,
      last_status_code: null,
      last_error: null,
      created_at: nowText,
      updated_at: nowText,
    });
  }
  for (const row of rows) {
    await repo.insertGradeSend(trx, row);
    for (const older of await repo.supersedePending(trx, row)) await runSoon(trx, 'lti_grade_send', older, now);
  }
  if (rows.length > 0) {
    await enqueueJobs(trx, rows.map((row) => ({ kind: 'lti_grade_send' as const, subjectId: row.id, runAt: now })), now);
    await announceJobs(trx);
  }
  return rows.length;
}

export function toGradeSend(row: repo.GradeSendRow): LtiGradeSend {
  return {
    id: row.id,
    registration_id: row.registration_id,
    launch_id: row.launch_id,
    student_id: row.student_id,
    course_id: row.course_id,
    lineitem_url: row.lineitem_url,
    user_id: row.user_id,
    score_given: Number(row.score_given),
    score_maximum: Number(row.score_maximum),
    activity_progress: row.activity_progress,
    grading_progress: row.grading_progress,
    timestamp: row.timestamp,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.next_attempt_at,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The registration's grade sends, newest first (the API's list and the console's LTI page). 404 for another workspace's registration. */
export async function listGradeSends(ctx: ServiceContext, workspaceId: string, registrationId: string, query: ListGradeSendsQuery): Promise<PageResult<LtiGradeSend>> {
  if (!(await findRegistration(ctx.db, workspaceId, registrationId))) throw notFound('LTI registration', registrationId);
  const list = `lti-grade-sends:${registrationId}`;
  const page = parseListQuery(list, workspaceId, query, gradeSendSorts, '-created_at');
  const filters = { status: query.status, studentId: query.student_id };
  const [rows, total] = await Promise.all([
    repo.listGradeSends(ctx.db, workspaceId, registrationId, filters, page),
    page.mode === 'page' ? repo.countGradeSends(ctx.db, workspaceId, registrationId, filters) : undefined,
  ]);
  return toPageResult(list, workspaceId, page, rows, total, (row) => row.created_at, toGradeSend);
}
