import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { progressPercent } from '../enrollments/enrollments.service.js';
import type { StoredQuiz } from '../lessons/quiz.js';
import { splitPeriod } from './analytics-days.js';
import { ensureRollups } from './analytics-rollups.js';
import { periodKey, recall, remember } from './analytics-cache.js';
import { periodParts } from './analytics-parts.js';
import { type CourseTally, courseTally, medianTimeToCompleteMs, type QuizTally, quizTallies } from './analytics-tallies.js';
import * as repo from './analytics.repository.js';
import type { CourseAnalytics, QuizResult, QuizResults, QuizResultsQuery, StudentAnalytics, WindowQuery } from './analytics.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
export const round2 = (x: number): number => Math.round(x * 100) / 100;
const ratio = (part: number, whole: number, round: (x: number) => number): number | null => (whole === 0 ? null : round(part / whole));

/** The period of a request: `to` defaults to now; from ≥ to is a 400. Offsets are normalised to UTC. */
function windowOf(ctx: ServiceContext, query: WindowQuery): repo.Window & { explicit: boolean; endsNow: boolean; now: number } {
  const now = ctx.clock.now();
  const from = query.from === undefined ? undefined : toIso(Date.parse(query.from));
  const to = query.to === undefined ? toIso(now) : toIso(Date.parse(query.to));
  if (from !== undefined && from >= to) {
    throw new AppError('invalid_parameter', '`from` must be before `to`', { parameter: 'from', from, to });
  }
  return { from, to, explicit: query.from !== undefined || query.to !== undefined, endsNow: Date.parse(to) >= now, now };
}

/** Mean progress_percent of enrollments given as [lessons completed, how many]. */
function averageProgress(buckets: { k: number; n: number }[], lessonsTotal: number): number | null {
  const n = buckets.reduce((sum, b) => sum + b.n, 0);
  const total = buckets.reduce((sum, b) => sum + b.n * progressPercent(b.k, lessonsTotal), 0);
  return ratio(total, n, round2);
}

/** Median of a histogram [value, count] sorted by value: the middle value, or the mean of the two middle ones. */
export function histogramMedian(counts: { value: number; n: number }[]): number | null {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const c of counts) {
      seen += c.n;
      if (index < seen) return c.value;
    }
    throw new Error('index out of range');
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

export async function courseAnalytics(ctx: ServiceContext, workspaceId: string, courseId: string, query: WindowQuery): Promise<CourseAnalytics> {
  const window = windowOf(ctx, query);
  // The whole history reads the rollups; a period, the day rollups of its whole days and the raw rows of its edges.
  const period = window.explicit ? splitPeriod(window.from, window.to, window.now) : undefined;
  const to = Date.parse(window.to);
  const sinces = [toIso(to - 7 * DAY_MS), toIso(to - 30 * DAY_MS)];
  // Up to now (the request's now: the clock moves on while it runs), an enrollment's latest
  // activity tells (day rollups), read with the rest; a period that ends in the past reads every
  // recorded activity time instead.
  const activity = window.endsNow ? sinces.map((since) => splitPeriod(since, window.to, window.now)) : [];
  // Counts are remembered per period at their rollups' version (analytics-cache.ts).
  const key = `course ${courseId} ${periodKey(period, window)}`;
  const cached = recall<{ tally: CourseTally; medianMs: number | null }>(ctx.db, key);
  // A period not asked for before reads only what it does not share with others (analytics-parts.ts).
  let parts = cached === undefined && period !== undefined ? periodParts(ctx.db, courseId, period) : undefined;
  const read = (rollups: boolean, of = period) => repo.readCourse(ctx.db, workspaceId, courseId, of, activity, rollups);
  let reads = await (parts ? read(true, parts.readPeriod) : read(cached === undefined));
  // Whether `reads` holds what parts.readPeriod asked for (else the period's own rows): every read below is of the period.
  let partial = parts !== undefined;
  // Stale rollups are rebuilt, then everything is read again (a concurrent erasure can make them stale again: rare, so a few tries).
  for (let attempt = 0; reads.found && !reads.ready && attempt < 3; attempt++) {
    await ensureRollups(ctx.db, workspaceId, courseId);
    reads = await read(true);
    partial = false;
  }
  if (!reads.found) throw notFound('Course', courseId);
  let tally: CourseTally;
  let medianMs: number | null;
  if (cached !== undefined && !reads.rollupsRead && reads.version === cached.version) {
    ({ tally, medianMs } = cached.value);
  } else {
    if (!reads.rollupsRead) reads = await read(true);
    // The remembered parts, when of this version; else everything is read for the period, and its parts remembered.
    let assembled = partial ? parts!.assemble(reads) : undefined;
    if (assembled === undefined) {
      if (partial) reads = await read(true);
      parts ??= period && periodParts(ctx.db, courseId, period);
      assembled = parts ? parts.remember(reads) : { reads, edges: [] };
    }
    reads = assembled.reads;
    const counted = courseTally(reads, period, assembled.edges);
    // The median's histogram is the tally's; should it have to be read again, so is everything.
    const histogram = async (attempt: number) => (attempt === 0 ? counted : courseTally(await read(true), period)).completions;
    // Up to now, every completion counts (as in the rollups the histogram comes from).
    const between = window.explicit ? { from: window.from, to: window.endsNow ? undefined : window.to } : undefined;
    medianMs = await medianTimeToCompleteMs(ctx.db, workspaceId, courseId, between, histogram);
    tally = counted;
    if (reads.ready) remember(ctx.db, key, { version: reads.version, value: { tally, medianMs } });
  }
  const active = window.endsNow ? reads.lastActive : await Promise.all(sinces.map((since) => repo.activeStudentsAt(ctx.db, workspaceId, courseId, since, window.to)));
  const statuses = { active: tally.statuses.get('active') ?? 0, completed: tally.statuses.get('completed') ?? 0, cancelled: tally.statuses.get('cancelled') ?? 0 };
  const lessonsTotal = reads.lessons.length;
  return {
    course_id: courseId,
    from: window.from ?? null,
    to: window.to,
    enrollments: { total: statuses.active + statuses.completed + statuses.cancelled, ...statuses },
    active_students: { last_7_days: active[0]!, last_30_days: active[1]! },
    completion_rate: ratio(statuses.completed, statuses.active + statuses.completed, round4),
    average_progress_percent: averageProgress(tally.progress.sorted().map(([k, n]) => ({ k, n })), lessonsTotal),
    median_time_to_complete_seconds: medianMs === null ? null : Math.round(medianMs) / 1000,
    lessons: reads.lessons.map((l) => ({ lesson_id: l.id, module_id: l.module_id, title: l.title, started: tally.started.get(l.id) ?? 0, completed: tally.completed.get(l.id) ?? 0 })),
    enrollments_per_day: tally.days.sorted().map(([day, n]) => ({ date: day, enrollments: n })),
  };
}

export async function studentAnalytics(ctx: ServiceContext, workspaceId: string, studentId: string, query: WindowQuery): Promise<StudentAnalytics> {
  const window = windowOf(ctx, query);
  const reads = await repo.readStudent(ctx.db, workspaceId, studentId, window);
  if (!reads.found) throw notFound('Student', studentId);
  const progress = reads.enrollments.map((e) => progressPercent(Number(e.lessons_completed), Number(e.lessons_total)));
  return {
    student_id: studentId,
    from: window.from ?? null,
    to: window.to,
    courses_enrolled: reads.enrollments.length,
    courses_completed: reads.enrollments.filter((e) => e.status === 'completed').length,
    average_progress_percent: ratio(progress.reduce((a, b) => a + b, 0), progress.length, round2),
    time_spent_seconds: reads.timeSpentSeconds,
    quiz_attempts: reads.quizAttempts,
    quiz_average_score: ratio(reads.quizScoreSum, reads.quizAttempts, round2),
    last_active_at: reads.lastActiveAt,
  };
}

export async function quizResults(ctx: ServiceContext, workspaceId: string, query: QuizResultsQuery): Promise<QuizResults> {
  const window = windowOf(ctx, query);
  const byStudent = query.student_id !== undefined;
  const period = window.explicit && !byStudent ? splitPeriod(window.from, window.to, window.now) : undefined;
  const filters = { courseId: query.course_id, lessonId: query.lesson_id, studentId: query.student_id };
  // Up to now, every attempt counts towards distinct students (as in the rollups of the period's days).
  const bounds = { ...window, until: window.endsNow ? undefined : window.to };
  // A student's attempts are read as they are; other results are remembered per filters and period at their rollups' versions.
  const key = byStudent ? undefined : `quizzes ${workspaceId} ${filters.courseId ?? ''} ${filters.lessonId ?? ''} ${periodKey(period, window)}`;
  const cached = key === undefined ? undefined : recall<Map<string, QuizTally>>(ctx.db, key);
  const read = (rollups: boolean) => repo.readQuizzes(ctx.db, workspaceId, filters, bounds, period, rollups);
  let reads = await read(cached === undefined);
  if (!reads.courseFound) throw notFound('Course', query.course_id!);
  if (!reads.studentFound) throw notFound('Student', query.student_id!);
  if (query.lesson_id !== undefined) {
    if (reads.lessonType === null) throw notFound('Lesson', query.lesson_id);
    if (reads.lessonType !== 'quiz') throw new AppError('invalid_parameter', `Lesson ${query.lesson_id} is not a quiz`, { parameter: 'lesson_id', lesson_id: query.lesson_id });
  }
  // Stale rollups are rebuilt, then everything is read again (as for a course).
  for (let attempt = 0; reads.staleCourses.length > 0 && attempt < 3; attempt++) {
    for (const courseId of reads.staleCourses.sort()) await ensureRollups(ctx.db, workspaceId, courseId);
    reads = await read(true);
  }
  let tallies: Map<string, QuizTally>;
  if (cached !== undefined && !reads.rollupsRead && reads.version === cached.version) tallies = cached.value;
  else {
    if (!reads.rollupsRead) reads = await read(true);
    tallies = quizTallies(reads, byStudent, period);
    if (key !== undefined && reads.staleCourses.length === 0) remember(ctx.db, key, { version: reads.version, value: tallies });
  }
  const quizzes = reads.quizzes;
  return {
    from: window.from ?? null,
    to: window.to,
    quizzes: quizzes.map((lesson): QuizResult => {
      const t = tallies.get(lesson.id)!;
      const stored = lesson.quiz === null ? { questions: [] } : (JSON.parse(lesson.quiz) as StoredQuiz);
      return {
        lesson_id: lesson.id,
        course_id: lesson.course_id,
        title: lesson.title,
        attempts: t.attempts,
        unique_students: t.students,
        average_score: ratio(t.scoreSum, t.attempts, round2),
        median_score: histogramMedian(t.scores.sorted().map(([value, n]) => ({ value, n }))),
        pass_rate: ratio(t.passed, t.attempts, round4),
        questions: stored.questions.map((q) => {
          const tally = t.questions.get(q.id) ?? { attempts: 0, correct: 0 };
          return { question_id: q.id, attempts: tally.attempts, correct_rate: ratio(tally.correct, tally.attempts, round4) };
        }),
      };
    }),
  };
}
