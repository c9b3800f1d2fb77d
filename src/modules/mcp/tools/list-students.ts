import { z } from 'zod';
import { listStudents } from '../../students/students.service.js';
import { fittingPage } from '../answer-size.js';
import { defineTool } from '../tool-definition.js';
import { StudentOutput } from './people-schemas.js';
import { listInput } from './shared-schemas.js';

export const listStudentsTool = defineTool({
  name: 'list_students',
  title: 'List students',
  description: 'Lists students, oldest first, `limit` at a time; `email` or `external_id` finds one.',
  scope: 'students:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({
    ...listInput,
    email: z.string().max(254).optional(),
    external_id: z.string().max(255).optional(),
  }),
  outputSchema: z.object({ items: z.array(StudentOutput), next_cursor: z.string().nullable(), note: z.string().optional() }),
  async run({ ctx, auth }, input) {
    // Students' metadata can be large: fewer than `limit` when the page would not fit in one answer.
    return fittingPage(input.limit ?? 20, async (limit) => {
      const page = await listStudents(ctx, auth.workspaceId, { per_page: limit, cursor: input.cursor ?? '', email: input.email, external_id: input.external_id });
      return { items: page.data, next_cursor: page.pagination.next_cursor };
    });
  },
});
