import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../shared/context.js';
import { pageReply } from '../../shared/reply.js';
import { PageListOf, responses } from '../../shared/schemas.js';
import { hasScope } from '../api-keys/scopes.js';
import { Course, exampleCourse } from '../courses/courses.schemas.js';
import { exampleLesson, Lesson } from '../lessons/lessons.schemas.js';
import { exampleStudent, Student } from '../students/students.schemas.js';
import { SearchQuery } from './search.schemas.js';
import * as service from './search.service.js';

const tags = ['search'];
const onePage = { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null };
const CourseResults = PageListOf(Course, { examples: [{ data: [exampleCourse], pagination: onePage }] });
const LessonResults = PageListOf(Lesson, { examples: [{ data: [exampleLesson], pagination: onePage }] });
const StudentResults = PageListOf(Student, { examples: [{ data: [exampleStudent], pagination: onePage }] });
const ranking = 'Best matches first, ties by id; page mode only (`cursor` answers 400 `invalid_parameter`). A `q` without any letter or digit answers 400 `validation_error`.';

export async function searchRoutes(parent: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/search/courses', {
    config: { scope: 'courses:read', rateLimit: 'search' },
    schema: {
      tags,
      operationId: 'searchCourses',
      summary: 'Search courses by title and description',
      description: `A title match ranks above a description match. ${ranking}`,
      querystring: SearchQuery,
      response: responses({ 200: CourseResults }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.searchCourses(ctx, request.auth.workspaceId, request.query)),
  });

  app.get('/search/lessons', {
    config: { scope: 'courses:read', rateLimit: 'search' },
    schema: {
      tags,
      operationId: 'searchLessons',
      summary: 'Search lessons by title and content',
      description: `A title match ranks above a content match. Quiz answers only for keys with courses:write, as on GET /lessons/:id. ${ranking}`,
      querystring: SearchQuery,
      response: responses({ 200: LessonResults }),
    },
    handler: async (request, reply) =>
      pageReply(
        request,
        reply,
        await service.searchLessons(ctx, request.auth.workspaceId, request.query, hasScope(request.auth.scopes, 'courses:write')),
      ),
  });

  app.get('/search/students', {
    config: { scope: 'students:read', rateLimit: 'search' },
    schema: {
      tags,
      operationId: 'searchStudents',
      summary: 'Search students by name and email',
      description: `A name match ranks above an email match; the parts of an email (\`ada\`, \`example\`) are words. ${ranking}`,
      querystring: SearchQuery,
      response: responses({ 200: StudentResults }),
    },
    handler: async (request, reply) => pageReply(request, reply, await service.searchStudents(ctx, request.auth.workspaceId, request.query)),
  });
}
