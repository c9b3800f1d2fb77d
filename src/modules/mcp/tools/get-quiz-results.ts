import { z } from 'zod';
import { AppError } from '../../../shared/errors.js';
import { quizResults } from '../../analytics/analytics.service.js';
import { defineTool } from '../tool-definition.js';
import { periodInput } from './people-schemas.js';
import { Int, listInput } from './shared-schemas.js';



/** The cursor of a list answered from one read: the offset of the next entry. */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const offset = /^o(\d{1,9})$/.exec(cursor)?.[1];
  if (offset === undefined) throw new AppError('invalid_parameter', 'cursor is malformed; use next_cursor as returned', { parameter: 'cursor' });
  return Number(offset);
}

export const getQuizResults = defineTool({
  name: 'get_quiz_results',
  title: 'Quiz results',
  description:
    'Quiz attempts, scores, pass rate and per-question correct rate over a period, as GET /analytics/quiz-results; `limit` quizzes at a time.',
  scope: 'analytics:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({
    course_id: z.string().max(64).optional(),
    lesson_id: z.string().max(64).optional(),
    student_id: z.string().max(64).optional(),
    ...periodInput,
    ...listInput,
  }),
  outputSchema: z.object({
    from: z.string().nullable(),
    to: z.string(),
    quizzes: z.array(
      z.object({
        lesson_id: z.string(),
        course_id: z.string(),
        title: z.string(),
        attempts: Int,
        unique_students: Int,
        average_score: z.number().nullable(),
        median_score: z.number().nullable(),
        pass_rate: z.number().nullable(),
        questions: z.array(z.object({ question_id: z.string(), attempts: Int, correct_rate: z.number().nullable() })),
      }),
    ),
    next_cursor: z.string().nullable(),
  }),
  async run({ ctx, auth }, { limit, cursor, ...query }) {
    const offset = offsetOf(cursor);
    const results = await quizResults(ctx, auth.workspaceId, query);
    const end = offset + (limit ?? 20);
    return { ...results, quizzes: results.quizzes.slice(offset, end), next_cursor: end < results.quizzes.length ? `o${end}` : null };
  },
});
