import { z } from 'zod';
import { studentProgress } from '../../progress/progress.service.js';
import { defineTool } from '../tool-definition.js';
import { StudentId } from './people-schemas.js';
import { Int } from './shared-schemas.js';



export const getStudentProgress = defineTool({
  name: 'get_student_progress',
  title: 'A student\'s progress',
  description:
    'A student\'s progress per enrolled course (or `course_id` only), with each lesson\'s state, as GET /students/{id}/progress.',
  scope: 'enrollments:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ student_id: StudentId, course_id: z.string().max(64).optional() }),
  outputSchema: z.object({
    student_id: z.string(),
    courses: z.array(
      z.object({
        course_id: z.string(),
        enrollment_id: z.string(),
        status: z.enum(['active', 'completed', 'cancelled']),
        progress_percent: Int,
        lessons_completed: Int,
        lessons_total: Int,
        time_spent_seconds: Int,
        last_activity_at: z.string().nullable(),
        lessons: z.array(
          z.object({
            lesson_id: z.string(),
            module_id: z.string(),
            status: z.enum(['not_started', 'started', 'completed']),
            time_spent_seconds: Int,
            completed_at: z.string().nullable(),
            last_activity_at: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
  async run({ ctx, auth }, { student_id, course_id }) {
    return studentProgress(ctx, auth.workspaceId, student_id, course_id);
  },
});
