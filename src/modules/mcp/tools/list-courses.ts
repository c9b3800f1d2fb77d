import { z } from 'zod';
import { listCourses } from '../../courses/courses.service.js';
import { fittingPage } from '../answer-size.js';
import { defineTool } from '../tool-definition.js';
import { CourseOutput, listInput } from './shared-schemas.js';

export const listCoursesTool = defineTool({
  name: 'list_courses',
  title: 'List courses',
  description: 'Lists the workspace\'s courses, oldest first, `limit` at a time; pass `next_cursor` back as `cursor` for the next ones.',
  scope: 'courses:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({
    ...listInput,
    published: z.boolean().optional().describe('Only published (true) or unpublished (false) courses.'),
  }),
  outputSchema: z.object({
    items: z.array(CourseOutput),
    next_cursor: z.string().nullable(),
    note: z.string().optional().describe('Why fewer items than `limit` were answered (the answer size).'),
  }),
  async run({ ctx, auth }, input) {
    return fittingPage(input.limit ?? 20, async (limit) => {
      const page = await listCourses(ctx, auth.workspaceId, { per_page: limit, cursor: input.cursor ?? '', published: input.published });
      return { items: page.data, next_cursor: page.pagination.next_cursor };
    });
  },
});
