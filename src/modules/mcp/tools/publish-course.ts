import { z } from 'zod';
import { setPublished } from '../../courses/courses.service.js';
import { defineTool } from '../tool-definition.js';
import { CourseId, CourseOutput } from './shared-schemas.js';

export const publishCourse = defineTool({
  name: 'publish_course',
  title: 'Publish or unpublish a course',
  description: 'Publishes a course (students can be enrolled and learn it), or unpublishes it with `published: false`. Answers the course.',
  scope: 'courses:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ course_id: CourseId, published: z.boolean().optional().describe('false unpublishes; default true.') }),
  outputSchema: CourseOutput,
  async run({ ctx, auth }, { course_id, published }) {
    return (await setPublished(ctx, auth.workspaceId, course_id, published ?? true)).data;
  },
});
