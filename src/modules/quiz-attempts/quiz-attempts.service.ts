import type { QuizAttemptsTable } from '../../db/types.js';
import { nowIso } from '../../shared/clock.js';
import type { ServiceContext } from '../../shared/context.js';
import { AppError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { StoredQuiz } from '../lessons/quiz.js';
import { activeEnrollment, recordActivity } from '../progress/progress.service.js';
import { grade, submissionProblems } from './grading.js';
import { recordEvents } from '../events/record-events.js';
import { recordAnalyticsChange } from '../analytics/analytics-rollups.js';
import * as repo from './quiz-attempts.repository.js';
import type { QuizAttempt, SubmitAttemptBody } from './quiz-attempts.schemas.js';

/** Grades and stores an attempt; a passed one completes the quiz lesson (and maybe the course). */
export async function submitAttempt(ctx: ServiceContext, workspaceId: string, lessonId: string, body: SubmitAttemptBody): Promise<QuizAttempt> {
  return ctx.db.transaction().execute(async (trx) => {
    const { lesson } = await activeEnrollment(trx, workspaceId, body.student_id, lessonId);
    if (lesson.type !== 'quiz' || lesson.quiz === null) {
      throw new AppError('invalid_parameter', `Lesson ${lesson.id} is not a quiz`, { lesson_id: lesson.id, parameter: 'lesson_id' });
    }
    const quiz = JSON.parse(lesson.quiz) as StoredQuiz;
    const problems = submissionProblems(quiz, body.answers);
    if (problems.length > 0) {
      throw new AppError('validation_error', `Invalid body: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, { errors: problems });
    }
    const result = grade(quiz, body.answers);
    const row: QuizAttemptsTable = {
      id: newId('att', ctx.clock.now()),
      workspace_id: workspaceId,
      student_id: body.student_id,
      lesson_id: lesson.id,
      course_id: lesson.course_id,
      score: result.score,
      passed: result.passed ? 1 : 0,
      answers: JSON.stringify(body.answers),
      results: JSON.stringify(result.per_question),
      created_at: nowIso(ctx.clock),
    };
    const firstOfStudent = !(await repo.hasAttempted(trx, workspaceId, lesson.id, body.student_id));
    await repo.insertAttempt(trx, row);
    await recordAnalyticsChange(trx, workspaceId, {
      kind: 'quiz_attempted',
      courseId: lesson.course_id,
      lessonId: lesson.id,
      at: row.created_at,
      score: row.score,
      passed: result.passed,
      firstOfStudent,
      perQuestion: result.per_question,
    });
    const attempt: QuizAttempt = {
      id: row.id,
      lesson_id: row.lesson_id,
      student_id: row.student_id,
      course_id: row.course_id,
      score: row.score,
      passed: result.passed,
      per_question: result.per_question,
      created_at: row.created_at,
    };
    await recordEvents(trx, ctx.clock, workspaceId, [
      { type: 'quiz.submitted', object: attempt },
      { type: result.passed ? 'quiz.passed' : 'quiz.failed', object: attempt },
    ]);
    await recordActivity(ctx, trx, workspaceId, body.student_id, lesson, result.passed ? 'completed' : 'started', 0, { quizAttempted: true });
    return attempt;
  });
}
