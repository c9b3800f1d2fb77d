import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import { LessonIdParams, QuizAttemptResponse, SubmitAttemptBody } from './quiz-attempts.schemas.js';
import * as service from './quiz-attempts.service.js';

export async function quizAttemptRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/lessons/:id/quiz-attempts', {
    config: { scope: 'enrollments:write' },
    schema: {
      tags: ['progress'],
      operationId: 'submitQuizAttempt',
      summary: 'Submit and grade a quiz attempt',
      description:
        'Graded on the server. The student must be enrolled (409 `not_enrolled`); answers to questions the quiz does not have, ' +
        'or in the wrong form, are a 400. A passed attempt completes the lesson.',
      params: LessonIdParams,
      body: SubmitAttemptBody,
      response: responses({ 201: QuizAttemptResponse }, 404, 409, 413, 415, 422),
    },
    handler: async (request, reply) => {
      reply.code(201);
      return { data: await service.submitAttempt(ctx, request.auth.workspaceId, request.params.id, request.body) };
    },
  });
}
