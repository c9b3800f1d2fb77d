import { toIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { findCourse } from '../courses/courses.repository.js';
import { enrollmentsOfStudent } from '../enrollments/enrollments.repository.js';
import { progressPercent } from '../enrollments/enrollments.service.js';
import type { StoredQuiz } from '../lessons/quiz.js';
import { findLesson } from '../lessons/lessons.repository.js';
import { findStudent } from '../students/students.repository.js';
import { ensureRollups } from './analytics-rollups.js';
import * as repo from './analytics.repository.js';
import type { CourseAnalytics, QuizResult, QuizResults, QuizResultsQuery, StudentAnalytics, WindowQuery } from './analytics.schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
export const round2 = (x: number): number => Math.round(x * 100) / 100;
const ratio = (part: number, whole: number, round: (x: number) => number): number | null => (whole === 0 ? null : round(part / whole));

/** The period of a request: `to` defaults to now; from ≥ to is a 400. Offsets are normalised to UTC. */
function windowOf(ctx: ServiceContext, query: WindowQuery): repo.Window & { explicit: boolean; endsNow: boolean } {
  const now = ctx.clock.now();
  const from = query.from === undefined ? undefined : toIso(Date.parse(query.from));
  const to = query.to === undefined ? toIso(now) : toIso(Date.parse(query.to));
  if (from !== undefined && from >= to) {
    throw new AppError('invalid_parameter', '`from` must be before `to`', { parameter: 'from', from, to });
  }
  return { from, to, explicit: query.from !== undefined || query.to !== undefined, endsNow: Date.parse(to) >= now };
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
  if (!(await findCourse(ctx.db, workspaceId, courseId))) throw notFound('Course', courseId);
  const lessons = await repo.lessonsOfCourses(ctx.db, workspaceId, { courseId });
  let statuses: repo.StatusCounts;
  let buckets: { k: number; n: number }[];
  let days: { day: string; n: number }[];
  let lessonCounts: (lessonId: string) => { started: number; completed: number };
  if (!window.explicit) {
    // The whole history: a few rollup rows, kept in the transaction of every write.
    await ensureRollups(ctx.db, workspaceId, courseId);
    [statuses, buckets, days] = await Promise.all([repo.rollupStatuses(ctx.db, courseId), repo.rollupProgressBuckets(ctx.db, courseId), repo.rollupEnrollmentDays(ctx.db, courseId)]);
    const rows = new Map((await repo.rollupLessons(ctx.db, lessons.map((l) => l.id))).map((r) => [r.lesson_id, r]));
    lessonCounts = (id) => ({ started: Number(rows.get(id)?.started ?? 0), completed: Number(rows.get(id)?.completed ?? 0) });
  } else {
    // A period: the raw rows of the period, through indexes.
    statuses = await repo.windowStatuses(ctx.db, workspaceId, courseId, window);
    buckets = await repo.windowProgressBuckets(ctx.db, workspaceId, courseId, window);
    days = await repo.windowEnrollmentDays(ctx.db, workspaceId, courseId, window);
    const counts = await repo.windowLessonCounts(ctx.db, workspaceId, courseId, window);
    lessonCounts = (id) => ({ started: counts.started.get(id) ?? 0, completed: counts.completed.get(id) ?? 0 });
  }
  const to = Date.parse(window.to);
  // Up to now (the request's now: the clock moves on while it runs), an enrollment's latest activity tells (an indexed range count); a period that
  // ends in the past reads every recorded activity time instead.
  const active = window.endsNow ? repo.activeStudents : repo.activeStudentsAt;
  const [last7, last30, medianMs] = await Promise.all([
    active(ctx.db, workspaceId, courseId, toIso(to - 7 * DAY_MS), window.to),
    active(ctx.db, workspaceId, courseId, toIso(to - 30 * DAY_MS), window.to),
    repo.medianTimeToCompleteMs(ctx.db, workspaceId, courseId, window.explicit ? window : undefined),
  ]);
  return {
    course_id: courseId,
    from: window.from ?? null,
    to: window.to,
    enrollments: { total: statuses.active + statuses.completed + statuses.cancelled, ...statuses },
    active_students: { last_7_days: last7, last_30_days: last30 },
    completion_rate: ratio(statuses.completed, statuses.active + statuses.completed, round4),
    average_progress_percent: averageProgress(buckets, lessons.length),
    median_time_to_complete_seconds: medianMs === null ? null : Math.round(medianMs) / 1000,
    lessons: lessons.map((l) => ({ lesson_id: l.id, module_id: l.module_id, title: l.title, ...lessonCounts(l.id) })),
    enrollments_per_day: days.map((d) => ({ date: d.day, enrollments: d.n })),
  };
}

export async function studentAnalytics(ctx: ServiceContext, workspaceId: string, studentId: string, query: WindowQuery): Promise<StudentAnalytics> {
  const window = windowOf(ctx, query);
  if (!(await findStudent(ctx.db, workspaceId, studentId))) throw notFound('Student', studentId);
  const enrollments = (await enrollmentsOfStudent(ctx.db, workspaceId, studentId)).filter(
    (e) => e.status !== 'cancelled' && e.enrolled_at < window.to && (window.from === undefined || e.enrolled_at >= window.from),
  );
  const [activity, quizzes] = await Promise.all([repo.studentActivity(ctx.db, workspaceId, studentId, window), repo.studentQuizScores(ctx.db, workspaceId, studentId, window)]);
  const progress = enrollments.map((e) => progressPercent(Number(e.lessons_completed), Number(e.lessons_total)));
  return {
    student_id: studentId,
    from: window.from ?? null,
    to: window.to,
    courses_enrolled: enrollments.length,
    courses_completed: enrollments.filter((e) => e.status === 'completed').length,
    average_progress_percent: ratio(progress.reduce((a, b) => a + b, 0), progress.length, round2),
    time_spent_seconds: activity.timeSpentSeconds,
    quiz_attempts: quizzes.attempts,
    quiz_average_score: ratio(quizzes.scoreSum, quizzes.attempts, round2),
    last_active_at: activity.lastActiveAt,
  };
}

interface QuizTally {
  attempts: number;
  students: number;
  passed: number;
  scoreSum: number;
  scores: { value: number; n: number }[];
  questions: Map<string, { attempts: number; correct: number }>;
}

export async function quizResults(ctx: ServiceContext, workspaceId: string, query: QuizResultsQuery): Promise<QuizResults> {
  const window = windowOf(ctx, query);
  if (query.course_id !== undefined && !(await findCourse(ctx.db, workspaceId, query.course_id))) throw notFound('Course', query.course_id);
  if (query.student_id !== undefined && !(await findStudent(ctx.db, workspaceId, query.student_id))) throw notFound('Student', query.student_id);
  if (query.lesson_id !== undefined) {
    const lesson = await findLesson(ctx.db, workspaceId, query.lesson_id);
    if (!lesson) throw notFound('Lesson', query.lesson_id);
    if (lesson.type !== 'quiz') throw new AppError('invalid_parameter', `Lesson ${lesson.id} is not a quiz`, { parameter: 'lesson_id', lesson_id: lesson.id });
  }
  const quizzes = await repo.lessonsOfCourses(ctx.db, workspaceId, { courseId: query.course_id, lessonId: query.lesson_id, quizOnly: true });
  const ids = quizzes.map((q) => q.id);
  const tallies = new Map<string, QuizTally>(ids.map((id) => [id, { attempts: 0, students: 0, passed: 0, scoreSum: 0, scores: [], questions: new Map() }]));
  if (!window.explicit && query.student_id === undefined) {
    for (const courseId of new Set(quizzes.map((q) => q.course_id))) await ensureRollups(ctx.db, workspaceId, courseId);
    const [lessons, scores, questions] = await Promise.all([repo.rollupLessons(ctx.db, ids), repo.rollupScoreCounts(ctx.db, ids), repo.rollupQuestions(ctx.db, ids)]);
    for (const r of lessons) {
      Object.assign(tallies.get(r.lesson_id)!, { attempts: Number(r.attempts), students: Number(r.attempt_students), passed: Number(r.passed), scoreSum: Number(r.score_sum) });
    }
    for (const s of scores) tallies.get(s.lesson_id)!.scores.push({ value: Number(s.score), n: Number(s.attempts) });
    for (const q of questions) tallies.get(q.lesson_id)!.questions.set(q.question_id, { attempts: Number(q.attempts), correct: Number(q.correct) });
  } else {
    const studentsSeen = new Map<string, Set<string>>();
    const scoreCounts = new Map<string, Map<number, number>>();
    for (const a of await repo.attemptsOf(ctx.db, workspaceId, ids, query.student_id, window)) {
      const tally = tallies.get(a.lesson_id)!;
      tally.attempts += 1;
      tally.passed += Number(a.passed) === 1 ? 1 : 0;
      tally.scoreSum += a.score;
      const seen = studentsSeen.get(a.lesson_id) ?? new Set();
      seen.add(a.student_id);
      studentsSeen.set(a.lesson_id, seen);
      const counts = scoreCounts.get(a.lesson_id) ?? new Map<number, number>();
      counts.set(a.score, (counts.get(a.score) ?? 0) + 1);
      scoreCounts.set(a.lesson_id, counts);
      for (const r of JSON.parse(a.results) as { question_id: string; correct: boolean }[]) {
        const q = tally.questions.get(r.question_id) ?? { attempts: 0, correct: 0 };
        q.attempts += 1;
        q.correct += r.correct ? 1 : 0;
        tally.questions.set(r.question_id, q);
      }
    }
    for (const [lessonId, seen] of studentsSeen) tallies.get(lessonId)!.students = seen.size;
    for (const [lessonId, counts] of scoreCounts) tallies.get(lessonId)!.scores = [...counts].map(([value, n]) => ({ value, n }));
  }
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
        median_score: histogramMedian(t.scores.sort((a, b) => a.value - b.value)),
        pass_rate: ratio(t.passed, t.attempts, round4),
        questions: stored.questions.map((q) => {
          const tally = t.questions.get(q.id) ?? { attempts: 0, correct: 0 };
          return { question_id: q.id, attempts: tally.attempts, correct_rate: ratio(tally.correct, tally.attempts, round4) };
        }),
      };
    }),
  };
}
