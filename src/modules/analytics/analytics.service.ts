import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { progressPercent } from '../enrollments/enrollments.service.js';
import type { StoredQuiz } from '../lessons/quiz.js';
import { splitPeriod } from './analytics-days.js';
import { courseCountsKey, quizCountsKey, rememberedCounts } from './analytics-cache.js';
import { ensureRollups } from './analytics-rebuild.js';
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

/** Mean progress_percent of enrollments counted by how many lessons of the course they completed. */
function averageProgress(buckets: { lessonsCompleted: number; enrollments: number }[], lessonsTotal: number): number | null {
  const enrollments = buckets.reduce((sum, bucket) => sum + bucket.enrollments, 0);
  const percentSum = buckets.reduce((sum, bucket) => sum + bucket.enrollments * progressPercent(bucket.lessonsCompleted, lessonsTotal), 0);
  return ratio(percentSum, enrollments, round2);
}

/** Median of a histogram [value, count] sorted by value: the middle value, or the mean of the two middle ones. */
export function histogramMedian(histogram: { value: number; count: number }[]): number | null {
  const total = histogram.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const at = (index: number): number => {
    let seen = 0;
    for (const entry of histogram) {
      seen += entry.count;
      if (index < seen) return entry.value;
    }
    throw new Error('index out of range');
  };
  return total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}

/** What a course's figures are computed from, apart from its lessons and active students. */
interface CourseCounts {
  tally: CourseTally;
  medianMs: number | null;
}

export async function courseAnalytics(ctx: ServiceContext, workspaceId: string, courseId: string, query: WindowQuery): Promise<CourseAnalytics> {
  const window = windowOf(ctx, query);
  // The whole history reads the rollups; a period, the day rollups of its whole days and the rows of its edges.
  const period = window.explicit ? splitPeriod(window.from, window.to, window.now) : undefined;
  const to = Date.parse(window.to);
  const sinces = [toIso(to - 7 * DAY_MS), toIso(to - 30 * DAY_MS)];
  // Up to now (the request's now: the clock moves on while it runs), an enrollment's latest
  // activity tells (day rollups), read with the rest; a period that ends in the past reads every
  // recorded activity time instead.
  const activity = window.endsNow ? sinces.map((since) => splitPeriod(since, window.to, window.now)) : [];
  // Counts are remembered at the rollups' version they were read at (analytics-cache.ts): while it
  // stays, a request reads the version, the lessons and the active students only.
  const key = courseCountsKey(courseId, period, window);
  const remembered = rememberedCounts<CourseCounts>(ctx.db).get(key);
  const read = (withCounts: boolean) => repo.readCourse(ctx.db, workspaceId, courseId, period, activity, withCounts);
  let reads = await read(remembered === undefined);
  // Stale rollups are rebuilt, then everything is read again (a concurrent erasure can make them stale again: rare, so a few tries).
  for (let attempt = 0; reads.found && !reads.ready && attempt < 3; attempt++) {
    await ensureRollups(ctx.db, workspaceId, courseId);
    reads = await read(true);
  }
  if (!reads.found) throw notFound('Course', courseId);
  let counts: CourseCounts;
  if (!reads.countsRead && remembered!.version === reads.version) counts = remembered!.counts;
  else {
    if (!reads.countsRead) reads = await read(true);
    const tally = courseTally(reads, period);
    // The median's histogram is the tally's; should it have to be read again, so is everything.
    const histogram = async (attempt: number) => (attempt === 0 ? tally : courseTally(await read(true), period)).completions;
    // Up to now, every completion counts (as in the rollups the histogram comes from).
    const between = window.explicit ? { from: window.from, to: window.endsNow ? undefined : window.to } : undefined;
    counts = { tally, medianMs: await medianTimeToCompleteMs(ctx.db, workspaceId, courseId, between, histogram) };
    if (reads.ready) rememberedCounts<CourseCounts>(ctx.db).set(key, { version: reads.version, counts });
  }
  const { tally, medianMs } = counts;
  const active = window.endsNow ? reads.activeStudents : await Promise.all(sinces.map((since) => repo.activeStudentsAt(ctx.db, workspaceId, courseId, since, window.to)));
  const statuses = { active: tally.statuses.get('active') ?? 0, completed: tally.statuses.get('completed') ?? 0, cancelled: tally.statuses.get('cancelled') ?? 0 };
  const lessonsTotal = reads.lessons.length;
  return {
    course_id: courseId,
    from: window.from ?? null,
    to: window.to,
    enrollments: { total: statuses.active + statuses.completed + statuses.cancelled, ...statuses },
    active_students: { last_7_days: active[0]!, last_30_days: active[1]! },
    completion_rate: ratio(statuses.completed, statuses.active + statuses.completed, round4),
    average_progress_percent: averageProgress(
      tally.progress.sorted().map(([lessonsCompleted, enrollments]) => ({ lessonsCompleted, enrollments })),
      lessonsTotal,
    ),
    median_time_to_complete_seconds: medianMs === null ? null : Math.round(medianMs) / 1000,
    lessons: reads.lessons.map((lesson) => ({
      lesson_id: lesson.id,
      module_id: lesson.module_id,
      title: lesson.title,
      started: tally.started.get(lesson.id) ?? 0,
      completed: tally.completed.get(lesson.id) ?? 0,
    })),
    enrollments_per_day: tally.days.sorted().map(([day, enrollments]) => ({ date: day, enrollments })),
  };
}

export async function studentAnalytics(ctx: ServiceContext, workspaceId: string, studentId: string, query: WindowQuery): Promise<StudentAnalytics> {
  const window = windowOf(ctx, query);
  const reads = await repo.readStudent(ctx.db, workspaceId, studentId, window);
  if (!reads.found) throw notFound('Student', studentId);
  const progress = reads.enrollments.map((enrollment) => progressPercent(Number(enrollment.lessons_completed), Number(enrollment.lessons_total)));
  return {
    student_id: studentId,
    from: window.from ?? null,
    to: window.to,
    courses_enrolled: reads.enrollments.length,
    courses_completed: reads.enrollments.filter((enrollment) => enrollment.status === 'completed').length,
    average_progress_percent: ratio(progress.reduce((sum, percent) => sum + percent, 0), progress.length, round2),
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
  // A student's attempts are read as they are; other results are remembered at their rollups' versions (analytics-cache.ts).
  const key = byStudent ? undefined : quizCountsKey(workspaceId, filters, period, window);
  const remembered = key === undefined ? undefined : rememberedCounts<Map<string, QuizTally>>(ctx.db).get(key);
  const read = (withCounts: boolean) => repo.readQuizzes(ctx.db, workspaceId, filters, bounds, period, withCounts);
  let reads = await read(remembered === undefined);
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
  if (!reads.countsRead && remembered!.version === reads.version) tallies = remembered!.counts;
  else {
    if (!reads.countsRead) reads = await read(true);
    tallies = quizTallies(reads, byStudent, period);
    if (key !== undefined && reads.staleCourses.length === 0) rememberedCounts<Map<string, QuizTally>>(ctx.db).set(key, { version: reads.version, counts: tallies });
  }
  return {
    from: window.from ?? null,
    to: window.to,
    quizzes: reads.quizzes.map((lesson): QuizResult => {
      const tally = tallies.get(lesson.id)!;
      const stored = lesson.quiz === null ? { questions: [] } : (JSON.parse(lesson.quiz) as StoredQuiz);
      return {
        lesson_id: lesson.id,
        course_id: lesson.course_id,
        title: lesson.title,
        attempts: tally.attempts,
        unique_students: tally.students,
        average_score: ratio(tally.scoreSum, tally.attempts, round2),
        median_score: histogramMedian(tally.scores.sorted().map(([value, count]) => ({ value, count }))),
        pass_rate: ratio(tally.passed, tally.attempts, round4),
        questions: stored.questions.map((question) => {
          const counted = tally.questions.get(question.id) ?? { attempts: 0, correct: 0 };
          return { question_id: question.id, attempts: counted.attempts, correct_rate: ratio(counted.correct, counted.attempts, round4) };
        }),
      };
    }),
  };
}
