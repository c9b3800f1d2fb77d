import { z } from 'zod';
import { courseAnalytics } from '../../analytics/analytics.service.js';
import { defineTool } from '../tool-definition.js';
import { periodInput } from './people-schemas.js';
import { CourseId, Int } from './shared-schemas.js';



export const getCourseAnalytics = defineTool({
  name: 'get_course_analytics',
  title: 'Course analytics',
  description:
    'A course\'s enrollments, active students, completion, progress, lesson funnel and enrollments per day over a period, as GET /courses/{id}/analytics.',
  scope: 'analytics:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ course_id: CourseId, ...periodInput }),
  outputSchema: z.object({
    course_id: z.string(),
    from: z.string().nullable(),
    to: z.string(),
    enrollments: z.object({ total: Int, active: Int, completed: Int, cancelled: Int }),
    active_students: z.object({ last_7_days: Int, last_30_days: Int }),
    completion_rate: z.number().nullable(),
    average_progress_percent: z.number().nullable(),
    median_time_to_complete_seconds: z.number().nullable(),
    lessons: z.array(z.object({ lesson_id: z.string(), module_id: z.string(), title: z.string(), started: Int, completed: Int })),
    enrollments_per_day: z.array(z.object({ date: z.string(), enrollments: Int })),
  }),
  async run({ ctx, auth }, { course_id, from, to }) {
    return courseAnalytics(ctx, auth.workspaceId, course_id, { from, to });
  },
});
