// The analytics case: one course with 100,000 enrollments, 1,000,000 lesson progress rows and
// 50,000 quiz attempts, loaded straight into the database; then each analytics endpoint is driven
// with autocannon and its p50/p99 reported (target: p99 under 50 ms).
import type { Kysely } from 'kysely';
import type { DB, EnrollmentsTable, LessonProgressTable, QuizAttemptsTable, StudentsTable } from '../src/db/types.js';
import { ensureRollups } from '../src/modules/analytics/analytics-rebuild.js';
import { newId } from '../src/shared/ids.js';
import { LoadAccumulator } from './load.js';
import { withSeededServer } from './seeded-server.js';

export interface AnalyticsResult {
  database: 'sqlite' | 'postgres';
  enrollments: number;
  progress_rows: number;
  quiz_attempts: number;
  seed_s: number;
  /** Building the rollups of the seeded course from its raw rows (what a stale course costs once). */
  rollup_build_s: number;
  /** `cpu_ms_per_request`: the Lectern process's CPU per request (not the database's). */
  endpoints: { name: string; rps: number; p50_ms: number; p99_ms: number; cpu_ms_per_request: number; non2xx: number }[];
}

interface AnalyticsOptions {
  root: string;
  host: string;
  enrollments: number;
  durationS: number;
  connections: number;
  postgresUrl?: string;
  log: (message: string) => void;
}

const LESSONS = 20;
const ROWS_PER_STUDENT = 10;
const QUIZ_POSITIONS = [4, 14];
const DAY_MS = 86_400_000;

export async function runAnalyticsCase(options: AnalyticsOptions): Promise<AnalyticsResult> {
  options.log(`analytics: seeding ${options.enrollments.toLocaleString('en')} enrollments`);
  return withSeededServer(
    { name: 'analytics', ...options },
    async (db, workspaceId) => {
      const seeded = await seed(db, workspaceId, options.enrollments);
      const rollupStart = Date.now();
      await ensureRollups(db, workspaceId, seeded.courseId);
      return { ...seeded, rollupS: (Date.now() - rollupStart) / 1000 };
    },
    async ({ database, server, headers, seedS }, seeded) => {
      options.log(`analytics [${database}]: ${seeded.progressRows.toLocaleString('en')} progress rows, ${seeded.attempts.toLocaleString('en')} attempts; rollups built in ${seeded.rollupS.toFixed(1)} s`);
      const randomStudent = () => seeded.studentIds[Math.floor(Math.random() * seeded.studentIds.length)]!;
      const lastWeek = encodeURIComponent(new Date(Date.now() - 7 * DAY_MS).toISOString());
      const targets = [
        { name: 'GET /courses/:id/analytics', nextPath: () => `/api/v1/courses/${seeded.courseId}/analytics` },
        { name: 'GET /courses/:id/analytics?from=<7 days ago>', nextPath: () => `/api/v1/courses/${seeded.courseId}/analytics?from=${lastWeek}` },
        // A from that moves with the clock is a new period on every request: nothing remembered, the full read each time.
        { name: 'GET /courses/:id/analytics?from=<now - 7 days, each request>', nextPath: () => `/api/v1/courses/${seeded.courseId}/analytics?from=${encodeURIComponent(new Date(Date.now() - 7 * DAY_MS).toISOString())}` },
        { name: 'GET /students/:id/analytics', nextPath: () => `/api/v1/students/${randomStudent()}/analytics` },
        { name: 'GET /analytics/quiz-results?course_id=', nextPath: () => `/api/v1/analytics/quiz-results?course_id=${seeded.courseId}` },
        { name: 'GET /analytics/quiz-results?lesson_id=&from=<7 days ago>', nextPath: () => `/api/v1/analytics/quiz-results?lesson_id=${seeded.quizIds[0]}&from=${lastWeek}` },
      ];
      const loads = targets.map((t) => new LoadAccumulator({ ...t, baseUrl: server.baseUrl, headers }, options.connections, server.pid));
      for (const load of loads) await load.warmUp(1);
      for (let round = 0; round < 2; round++) for (const load of loads) await load.measure(options.durationS / 2);
      const endpoints = loads.map((load) => {
        const r = load.result();
        if (r.requests === 0 || r.errors > 0) options.log(`${load.target.name}: ${JSON.stringify(r)}`);
        return { name: load.target.name, rps: Math.round(r.rps), p50_ms: Math.round(r.p50Ms * 100) / 100, p99_ms: Math.round(r.p99Ms * 100) / 100, cpu_ms_per_request: Math.round((r.cpuMsPerRequest ?? 0) * 100) / 100, non2xx: r.non2xx };
      });
      for (const e of endpoints) if (e.non2xx > 0) throw new Error(`analytics case: ${e.name} answered ${e.non2xx} non-2xx`);
      return {
        database,
        enrollments: options.enrollments,
        progress_rows: seeded.progressRows,
        quiz_attempts: seeded.attempts,
        seed_s: Math.round((seedS - seeded.rollupS) * 10) / 10,
        rollup_build_s: Math.round(seeded.rollupS * 10) / 10,
        endpoints,
      };
    },
  );
}

/**
 * One published course of 20 lessons (two of them 3-question quizzes) and `count` students, each
 * enrolled over the last year with 10 progress rows (1,000,000 for 100,000) and, for every other
 * student, one quiz attempt. Multi-row batches inside large transactions.
 */
async function seed(db: Kysely<DB>, ws: string, count: number) {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const courseId = newId('crs', now);
  const created = iso(now - 400 * DAY_MS);
  await db.insertInto('courses').values({ id: courseId, workspace_id: ws, title: 'Analytics bench', description: '', published: 1, enrollment_count: 0, metadata: '{}', version: 1, created_at: created, updated_at: created }).execute();
  const lessonIds: string[] = [];
  const quizIds: string[] = [];
  const questionIds = ['qst_a', 'qst_b', 'qst_c'];
  const quiz = JSON.stringify({ passing_score: 60, questions: questionIds.map((id) => ({ id, prompt: id, kind: 'true_false', answer: true })) });
  for (let m = 0; m < 2; m++) {
    const moduleId = newId('mod', now);
    await db.insertInto('modules').values({ id: moduleId, workspace_id: ws, course_id: courseId, title: `Module ${m}`, description: '', position: m, version: 1, created_at: created, updated_at: created }).execute();
    for (let l = 0; l < LESSONS / 2; l++) {
      const id = newId('les', now);
      const isQuiz = QUIZ_POSITIONS.includes(lessonIds.length);
      await db
        .insertInto('lessons')
        .values({ id, workspace_id: ws, course_id: courseId, module_id: moduleId, title: `Lesson ${lessonIds.length}`, type: isQuiz ? 'quiz' : 'text', content: '', video_url: null, duration_seconds: null, position: l, quiz: isQuiz ? quiz : null, version: 1, created_at: created, updated_at: created })
        .execute();
      lessonIds.push(id);
      if (isQuiz) quizIds.push(id);
    }
  }
  const studentIds: string[] = [];
  let progressRows = 0;
  let attempts = 0;
  let counted = 0;
  const batch = 1000;
  const start = now - 365 * DAY_MS;
  for (let done = 0; done < count; ) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 20 && done < count; b++) {
        const students: StudentsTable[] = [];
        const enrollments: EnrollmentsTable[] = [];
        const progress: LessonProgressTable[] = [];
        const quizAttempts: QuizAttemptsTable[] = [];
        for (let i = done; i < done + batch && i < count; i++) {
          const enrolledMs = start + Math.floor((i * 365 * DAY_MS) / count);
          const enrolledAt = iso(enrolledMs);
          const studentId = newId('stu', enrolledMs);
          studentIds.push(studentId);
          const email = `student${i}@analytics.example.com`;
          students.push({ id: studentId, workspace_id: ws, email, email_normalized: email, name: `Student ${i}`, external_id: null, metadata: '{}', version: 1, created_at: enrolledAt, updated_at: enrolledAt });
          // Activity runs from the enrollment on, an hour per lesson, never after now.
          const activityAt = (j: number) => iso(Math.min(now - 1000, enrolledMs + (j + 1) * 3_600_000 + (i % 7) * DAY_MS));
          const completedLessons = i % (ROWS_PER_STUDENT + 1);
          for (let j = 0; j < ROWS_PER_STUDENT; j++) {
            const done = j < completedLessons;
            progress.push({ workspace_id: ws, student_id: studentId, lesson_id: lessonIds[(i + j) % LESSONS]!, course_id: courseId, status: done ? 'completed' : 'started', time_spent_seconds: 60 + ((i + j) % 600), started_at: activityAt(j), completed_at: done ? activityAt(j) : null, last_activity_at: activityAt(j) });
          }
          const status = i % 17 === 0 ? 'cancelled' : i % 10 === 0 ? 'completed' : 'active';
          const completedMs = enrolledMs + (1 + (i % 30)) * DAY_MS + (i % 3600) * 1000;
          const completed = status === 'completed' && completedMs < now;
          enrollments.push({
            id: newId('enr', enrolledMs),
            workspace_id: ws,
            student_id: studentId,
            course_id: courseId,
            status: status === 'completed' && !completed ? 'active' : status,
            enrolled_at: enrolledAt,
            completed_at: completed ? iso(completedMs) : null,
            time_to_complete_ms: completed ? completedMs - enrolledMs : null,
            last_activity_at: activityAt(ROWS_PER_STUDENT - 1),
            version: 1,
            created_at: enrolledAt,
            updated_at: enrolledAt,
          });
          if (status !== 'cancelled') counted++;
          if (i % 2 === 0) {
            const results = questionIds.map((question_id, k) => ({ question_id, correct: (i + k) % 3 !== 0 }));
            const score = Math.round((100 * results.filter((r) => r.correct).length) / results.length);
            quizAttempts.push({ id: newId('att', enrolledMs), workspace_id: ws, student_id: studentId, lesson_id: quizIds[(i / 2) % 2]!, course_id: courseId, score, passed: score >= 60 ? 1 : 0, answers: '[]', results: JSON.stringify(results), created_at: activityAt(3) });
          }
        }
        done += students.length;
        await trx.insertInto('students').values(students).execute();
        await trx.insertInto('enrollments').values(enrollments).execute();
        for (let p = 0; p < progress.length; p += batch) await trx.insertInto('lesson_progress').values(progress.slice(p, p + batch)).execute();
        if (quizAttempts.length > 0) await trx.insertInto('quiz_attempts').values(quizAttempts).execute();
        progressRows += progress.length;
        attempts += quizAttempts.length;
      }
    });
  }
  await db.updateTable('courses').set({ enrollment_count: counted }).where('id', '=', courseId).execute();
  return { courseId, quizIds, studentIds, progressRows, attempts };
}
