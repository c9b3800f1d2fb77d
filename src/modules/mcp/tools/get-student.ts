import { z } from 'zod';
import { getStudent } from '../../students/students.service.js';
import { defineTool } from '../tool-definition.js';
import { StudentId, StudentOutput } from './people-schemas.js';

export const getStudentTool = defineTool({
  name: 'get_student',
  title: 'Get a student',
  description: 'A student of the workspace by id, as GET /students/{id} answers it.',
  scope: 'students:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ student_id: StudentId }),
  outputSchema: StudentOutput,
  async run({ ctx, auth }, input) {
    return (await getStudent(ctx, auth.workspaceId, input.student_id)).data;
  },
});
