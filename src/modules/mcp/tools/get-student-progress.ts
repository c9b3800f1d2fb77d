import { z } from 'zod';
import { studentProgress } from '../../progress/progress.service.js';
import { defineTool } from '../tool-definition.js';
import { StudentId } from './people-schemas.js';

const Count = z.number().int();

export const getStudentProgress = defineTool({
  name: 'get_student_progress',
  title: 'A student\'s progress',
  description:
    'Per course the student is enrolled in (or just `course_id`), as GET /students/{id}/progress: status, progress_percent, lessons completed of total, time spent, last activity and each lesson\'s state in course order.',
  scope: 'enrollments:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ student_id: StudentId, course_id: z.string().max(64).optional().describe('Only this course.') }),
  outputSchema: z.object({
    student_id: z.string(),
    courses: z.array(
      z.object({
        course_id: z.string(),
        enrollment_id: z.string(),
        status: z.enum(['active', 'completed', 'cancelled']),
        progress_percent: Count,
        lessons_completed: Count,
        lessons_total: Count,
        time_spent_seconds: Count,
        last_activity_at: z.string().nullable(),
        lessons: z.array(
          z.object({
            lesson_id: z.string(),
            module_id: z.string(),
            status: z.enum(['not_started', 'started', 'completed']),
            time_spent_seconds: Count,
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
