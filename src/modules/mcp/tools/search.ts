import { z } from 'zod';
import { AppError } from '../../../shared/errors.js';
import type { PageResult } from '../../../shared/pagination.js';
import { hasScope } from '../../api-keys/scopes.js';
import { searchCourses, searchLessons, searchStudents } from '../../search/search.service.js';
import { defineTool } from '../tool-definition.js';
import { StudentOutput } from './people-schemas.js';
import { CourseOutput, LessonOutput, listInput } from './shared-schemas.js';

const kinds = ['courses', 'lessons', 'students'] as const;

/** Search answers pages in relevance order (no keyset): the cursor is the next page's number. */
function pageOf(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 1;
  const page = /^p(\d{1,6})$/.exec(cursor)?.[1];
  if (page === undefined || Number(page) < 1) throw new AppError('invalid_parameter', 'cursor is malformed; use next_cursor as returned', { parameter: 'cursor' });
  return Number(page);
}

export const searchTool = defineTool({
  name: 'search',
  title: 'Search courses, lessons and students',
  description:
    'Finds courses, lessons (without content: see get_course_outline) and, with students:read, students whose words start with every query word; best first, `limit` of each kind.',
  scope: 'courses:read',
  rateLimit: 'search',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({
    query: z.string().min(1).max(200).describe('The words to find.'),
    kinds: z.array(z.enum(kinds)).min(1).optional().describe('Default: all.'),
    ...listInput,
  }),
  outputSchema: z.object({
    courses: z.array(CourseOutput),
    lessons: z.array(LessonOutput.pick({ id: true, module_id: true, course_id: true, title: true, type: true, position: true })),
    students: z.array(StudentOutput),
    next_cursor: z.string().nullable(),
  }),
  async run({ ctx, auth }, input) {
    const page = pageOf(input.cursor);
    const wanted = new Set(input.kinds ?? kinds);
    const query = { q: input.query, page, per_page: input.limit ?? 20 };
    // One after the other: each first applies the pending index changes (SQLite).
    const courses = wanted.has('courses') ? await searchCourses(ctx, auth.workspaceId, query) : undefined;
    const lessons = wanted.has('lessons') ? await searchLessons(ctx, auth.workspaceId, query, false) : undefined;
    // Only what the key may read: students need students:read, as GET /search/students does.
    const students = wanted.has('students') && hasScope(auth.scopes, 'students:read') ? await searchStudents(ctx, auth.workspaceId, query) : undefined;
    const more = [courses, lessons, students].some((result: PageResult<unknown> | undefined) => (result?.pagination.total_pages ?? 0) > page);
    return {
      courses: courses?.data ?? [],
      lessons: (lessons?.data ?? []).map(({ id, module_id, course_id, title, type, position }) => ({ id, module_id, course_id, title, type, position })),
      students: students?.data ?? [],
      next_cursor: more ? `p${page + 1}` : null,
    };
  },
});
