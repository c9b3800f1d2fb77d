import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { responses } from '../../shared/schemas.js';
import {
  CourseAnalyticsResponse,
  CourseIdParams,
  QuizResultsQuery,
  QuizResultsResponse,
  StudentAnalyticsResponse,
  StudentIdParams,
  WindowQuery,
} from './analytics.schemas.js';
import * as service from './analytics.service.js';

const tags = ['analytics'];
const periodNote = ' `from` (inclusive) and `to` (exclusive, default now) pick the period; `from` must be before `to` (400). Every figure is defined in docs/analytics.md.';

export async function analyticsRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/courses/:id/analytics', {
    config: { scope: 'analytics:read' },
    schema: {
      tags,
      operationId: 'getCourseAnalytics',
      summary: "A course's enrollments, activity, completion and funnel",
      description: `Enrollments by status, active students (7 and 30 days back from \`to\`), completion rate, average progress, median time to complete, the per-lesson funnel and enrollments per day.${periodNote}`,
      params: CourseIdParams,
      querystring: WindowQuery,
      response: responses({ 200: CourseAnalyticsResponse }, 404),
    },
    handler: async (request) => ({ data: await service.courseAnalytics(ctx, request.auth.workspaceId, request.params.id, request.query) }),
  });

  app.get('/students/:id/analytics', {
    config: { scope: 'analytics:read' },
    schema: {
      tags,
      operationId: 'getStudentAnalytics',
      summary: "A student's courses, progress, time spent and quiz scores",
      description: `Courses enrolled and completed, average progress, time spent, quiz average and last activity.${periodNote}`,
      params: StudentIdParams,
      querystring: WindowQuery,
      response: responses({ 200: StudentAnalyticsResponse }, 404),
    },
    handler: async (request) => ({ data: await service.studentAnalytics(ctx, request.auth.workspaceId, request.params.id, request.query) }),
  });

  app.get('/analytics/quiz-results', {
    config: { scope: 'analytics:read' },
    schema: {
      tags,
      operationId: 'getQuizResults',
      summary: 'Results of quizzes: attempts, scores, pass rate, per question',
      description: `One entry per quiz lesson of the workspace matching \`course_id\` / \`lesson_id\`, counting the attempts of the period (of \`student_id\` only, when given). An unknown course, lesson or student answers 404.${periodNote}`,
      querystring: QuizResultsQuery,
      response: responses({ 200: QuizResultsResponse }, 404),
    },
    handler: async (request) => ({ data: await service.quizResults(ctx, request.auth.workspaceId, request.query) }),
  });
}
