import type { ServiceContext } from '../../shared/context.js';
import { AppError, notFound } from '../../shared/errors.js';
import { readCourseTree } from '../exports/exports.service.js';
import { lessonBody } from '../exports/player-page.js';
import { liveQuiz, markdownHtml } from '../exports/render.js';
import type { LessonDocument } from '../exports/exports.schemas.js';
import { getLesson } from '../lessons/lessons.service.js';
import type { Lesson } from '../lessons/lessons.schemas.js';
import { presentQuiz, type StoredQuiz } from '../lessons/quiz.js';
import { recordProgress, studentProgress } from '../progress/progress.service.js';
import { grade, submissionProblems } from '../quiz-attempts/grading.js';
import { submitAttempt } from '../quiz-attempts/quiz-attempts.service.js';
import type { PlayerSession } from './player-sessions.service.js';
import type { PlayerAttempt, PlayerAttemptBody, PlayerCourse, PlayerLesson, PlayerProgress, PlayerProgressBody } from './player.schemas.js';

/**
 * What the live player reads and writes, for one session: its course only (another course's
 * lesson is "not found", as another workspace's is), through the services the REST API uses. A
 * preview reads everything and grades quizzes but writes nothing; a learner session writes for its
 * student only, as `POST /students/{id}/progress` and `POST /lessons/{id}/quiz-attempts` do.
 */

/** The course's outline: modules, lessons (quizzes without answers) and, for a learner, each lesson's state. */
export async function playerCourse(ctx: ServiceContext, session: PlayerSession): Promise<PlayerCourse> {
  // One snapshot of the course, the same read as an export's.
  const tree = await readCourseTree(ctx, session.workspaceId, session.courseId);
  if (!tree) throw notFound('Course', session.courseId);
  const states = new Map<string, 'not_started' | 'started' | 'completed'>();
  let progressPercent: number | null = null;
  if (session.studentId !== null) {
    const progress = (await studentProgress(ctx, session.workspaceId, session.studentId, session.courseId)).courses[0];
    for (const lesson of progress?.lessons ?? []) states.set(lesson.lesson_id, lesson.status);
    progressPercent = progress?.progress_percent ?? 0;
  }
  return {
    mode: session.mode,
    expires_at: session.expiresAt,
    course: {
      id: tree.course.id,
      title: tree.course.title,
      description_html: markdownHtml(tree.course.description ?? ''),
      modules: tree.modules.map((module) => ({
        id: module.id,
        title: module.title,
        lessons: tree.lessons
          .filter((lesson) => lesson.module_id === module.id)
          .map((lesson) => ({
            id: lesson.id,
            title: lesson.title,
            type: lesson.type,
            status: states.get(lesson.id) ?? 'not_started',
            quiz: lesson.quiz === null ? null : presentQuiz(JSON.parse(lesson.quiz) as StoredQuiz, false),
          })),
      })),
    },
    progress_percent: progressPercent,
  };
}

/** A lesson of the session's course, with its answers (for grading here; never sent). 404 for any other. */
async function lessonOfCourse(ctx: ServiceContext, session: PlayerSession, lessonId: string): Promise<Lesson> {
  const { data: lesson } = await getLesson(ctx, session.workspaceId, lessonId, true);
  if (lesson.course_id !== session.courseId) throw notFound('Lesson', lessonId);
  return lesson;
}

/** A lesson as the player shows it: the packages' markup (lessonBody), and its quiz's question ids and kinds. */
export async function playerLesson(ctx: ServiceContext, session: PlayerSession, lessonId: string): Promise<PlayerLesson> {
  const lesson = await lessonOfCourse(ctx, session, lessonId);
  const quiz = lesson.type === 'quiz' && lesson.quiz ? (lesson.quiz as StoredQuiz) : null;
  const document: LessonDocument = {
    title: lesson.title,
    type: lesson.type,
    content: lesson.content ?? '',
    video_url: lesson.video_url,
    quiz,
  };
  return { id: lesson.id, module_id: lesson.module_id, title: lesson.title, type: lesson.type, html: lessonBody(document), quiz: quiz ? liveQuiz(quiz) : null };
}

/** Records the learner's activity on a lesson (`POST /students/{id}/progress`'s service); a preview records nothing. */
export async function playerProgress(ctx: ServiceContext, session: PlayerSession, body: PlayerProgressBody): Promise<PlayerProgress> {
  await lessonOfCourse(ctx, session, body.lesson_id);
  if (session.studentId === null) return { lesson_id: body.lesson_id, status: body.status, recorded: false, progress_percent: null };
  const progress = await recordProgress(ctx, session.workspaceId, session.studentId, body);
  return { lesson_id: progress.lesson_id, status: progress.status, recorded: true, progress_percent: progress.enrollment.progress_percent };
}

/**
 * Grades a quiz on the server: a learner's attempt is stored through `POST /lessons/{id}/quiz-attempts`'s
 * service; a preview's is graded by the same grading and stored nowhere.
 */
export async function playerAttempt(ctx: ServiceContext, session: PlayerSession, body: PlayerAttemptBody): Promise<PlayerAttempt> {
  const lesson = await lessonOfCourse(ctx, session, body.lesson_id);
  if (session.studentId !== null) {
    const attempt = await submitAttempt(ctx, session.workspaceId, lesson.id, { student_id: session.studentId, answers: body.answers });
    const progress = (await studentProgress(ctx, session.workspaceId, session.studentId, session.courseId)).courses[0];
    return {
      lesson_id: lesson.id,
      attempt_id: attempt.id,
      score: attempt.score,
      passed: attempt.passed,
      per_question: attempt.per_question,
      recorded: true,
      progress_percent: progress?.progress_percent ?? null,
    };
  }
  if (lesson.type !== 'quiz' || !lesson.quiz) {
    throw new AppError('invalid_parameter', `Lesson ${lesson.id} is not a quiz`, { lesson_id: lesson.id, parameter: 'lesson_id' });
  }
  const quiz = lesson.quiz as StoredQuiz;
  const problems = submissionProblems(quiz, body.answers);
  if (problems.length > 0) {
    throw new AppError('validation_error', `Invalid body: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, { errors: problems });
  }
  const result = grade(quiz, body.answers);
  return { lesson_id: lesson.id, attempt_id: null, score: result.score, passed: result.passed, per_question: result.per_question, recorded: false, progress_percent: null };
}
