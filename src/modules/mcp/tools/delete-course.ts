import { z } from 'zod';
import { deleteCourse, getCourse } from '../../courses/courses.service.js';
import { listModules } from '../../modules/modules.service.js';
import { defineTool } from '../tool-definition.js';
import { CourseId, CourseOutput, Int } from './shared-schemas.js';

export const deleteCourseTool = defineTool({
  name: 'delete_course',
  title: 'Delete a course',
  description:
    'Deletes a course with its modules and lessons. Without `confirm: true` it changes nothing and answers what would be deleted; a course with enrollments also needs `force: true` (they are deleted with it).',
  scope: 'courses:write',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  inputSchema: z.object({
    course_id: CourseId,
    confirm: z.boolean().optional().describe('true deletes; anything else only answers what would be deleted.'),
    force: z.boolean().optional().describe('Delete even when the course has enrollments.'),
  }),
  outputSchema: z.object({
    course_id: z.string(),
    deleted: z.boolean().describe('false: nothing was changed (no confirm).'),
    course: CourseOutput.describe('The course as it was.'),
    module_count: Int.optional().describe('Modules that would be deleted with it (when not deleted).'),
  }),
  async run({ ctx, auth }, { course_id, confirm, force }) {
    const course = (await getCourse(ctx, auth.workspaceId, course_id)).data;
    if (confirm !== true) {
      const modules = await listModules(ctx, auth.workspaceId, course_id, { per_page: 1, page: 1 });
      return { course_id, deleted: false, course, module_count: modules.pagination.total ?? 0 };
    }
    await deleteCourse(ctx, auth.workspaceId, course_id, force ?? false);
    return { course_id, deleted: true, course };
  },
});
