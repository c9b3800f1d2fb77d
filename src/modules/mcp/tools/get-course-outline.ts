import { z } from 'zod';
import { getCourse } from '../../courses/courses.service.js';
import { hasScope } from '../../api-keys/scopes.js';
import { listLessons } from '../../lessons/lessons.service.js';
import { listModules } from '../../modules/modules.service.js';
import type { PageResult } from '../../../shared/pagination.js';
import { defineTool } from '../tool-definition.js';
import { CourseId, CourseOutput, LessonOutput, ModuleOutput } from './shared-schemas.js';

const OutlineOutput = CourseOutput.extend({
  modules: z.array(ModuleOutput.extend({ lessons: z.array(LessonOutput) })),
});

/** Every page of a position-ordered list, walked by cursor. */
async function all<T>(page: (cursor: string) => Promise<PageResult<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor = '';
  for (;;) {
    const result = await page(cursor);
    items.push(...result.data);
    if (result.pagination.next_cursor === null) return items;
    cursor = result.pagination.next_cursor;
  }
}

export const getCourseOutline = defineTool({
  name: 'get_course_outline',
  title: 'Get a course outline',
  description:
    'The whole course in one answer: its fields, its modules in order, each with its lessons in order (as GET /lessons/{id} shows them, quiz questions included; answers only for keys with courses:write).',
  scope: 'courses:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ course_id: CourseId }),
  outputSchema: OutlineOutput,
  async run({ ctx, auth }, { course_id }) {
    const course = await getCourse(ctx, auth.workspaceId, course_id);
    const withAnswers = hasScope(auth.scopes, 'courses:write');
    const modules = await all((cursor) => listModules(ctx, auth.workspaceId, course_id, { per_page: 100, cursor }));
    const outline = [];
    for (const module of modules) {
      const lessons = await all((cursor) => listLessons(ctx, auth.workspaceId, module.id, { per_page: 100, cursor }, withAnswers));
      outline.push({ ...module, lessons });
    }
    return { ...course.data, modules: outline };
  },
});
