import { z } from 'zod';
import { courseAnalytics } from '../../analytics/analytics.service.js';
import { defineTool } from '../tool-definition.js';
import { periodInput } from './people-schemas.js';
import { CourseId } from './shared-schemas.js';

const Count = z.number().int();

export const getCourseAnalytics = defineTool({
  name: 'get_course_analytics',
  title: 'Course analytics',
  description:
    'A course\'s figures over a period (default: all time), as GET /courses/{id}/analytics: enrollments by status, active students, completion rate, average progress, median time to complete, the per-lesson funnel and enrollments per day (docs/analytics.md).',
  scope: 'analytics:read',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({ course_id: CourseId, ...periodInput }),
  outputSchema: z.object({
    course_id: z.string(),
    from: z.string().nullable(),
    to: z.string(),
    enrollments: z.object({ total: Count, active: Count, completed: Count, cancelled: Count }),
    active_students: z.object({ last_7_days: Count, last_30_days: Count }),
    completion_rate: z.number().nullable(),
    average_progress_percent: z.number().nullable(),
    median_time_to_complete_seconds: z.number().nullable(),
    lessons: z.array(z.object({ lesson_id: z.string(), module_id: z.string(), title: z.string(), started: Count, completed: Count })),
    enrollments_per_day: z.array(z.object({ date: z.string(), enrollments: Count })),
  }),
  async run({ ctx, auth }, { course_id, from, to }) {
    return courseAnalytics(ctx, auth.workspaceId, course_id, { from, to });
  },
});
