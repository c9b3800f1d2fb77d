import { z } from 'zod';
import { type BulkResult, failed } from '../../../shared/bulk.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { hasScope } from '../../api-keys/scopes.js';
import { getCourse } from '../../courses/courses.service.js';
import type { Enrollment } from '../../enrollments/enrollments.schemas.js';
import { bulkEnroll } from '../../enrollments/enrollments.service.js';
import { listStudents } from '../../students/students.service.js';
import { defineTool, type ToolCall } from '../tool-definition.js';
import { idempotent } from '../tool-idempotency.js';
import { EnrollmentOutput, ErrorOutput } from './people-schemas.js';
import { CourseId, IdempotencyKey, Int } from './shared-schemas.js';

const StudentRef = z.object({
  id: z.string().min(1).max(64).optional(),
  email: z.string().max(254).optional(),
  external_id: z.string().max(255).optional(),
});
type StudentRef = z.output<typeof StudentRef>;

/**
 * The student a reference names, or the error its record fails with. Finding one by email or
 * external id is a student lookup, which over REST needs students:read.
 */
async function resolve(call: ToolCall, ref: StudentRef): Promise<string | AppError> {
  const given = (['id', 'email', 'external_id'] as const).filter((field) => ref[field] !== undefined);
  if (given.length !== 1) {
    return new AppError('validation_error', 'Name each student by exactly one of id, email or external_id', { errors: [{ path: '/students', message: 'exactly one of id, email, external_id' }] });
  }
  if (ref.id !== undefined) return ref.id;
  if (!hasScope(call.auth.scopes, 'students:read')) {
    return new AppError('insufficient_permissions', 'Finding a student by email or external_id needs students:read; name them by id', { required_scope: 'students:read' });
  }
  const filter = ref.email !== undefined ? { email: ref.email } : { external_id: ref.external_id! };
  const page = await listStudents(call.ctx, call.auth.workspaceId, { per_page: 1, ...filter });
  return page.data[0]?.id ?? notFound('Student', ref.email ?? ref.external_id!);
}

export const enrollStudents = defineTool({
  name: 'enroll_students',
  title: 'Enroll students in a course',
  description:
    'Enrolls up to 100 students (by id, email or external_id) in a published course; each succeeds or fails on its own, as POST /enrollments/bulk.',
  scope: 'enrollments:write',
  rateLimit: 'bulk',
  // Enrolling again creates nothing more: the record answers already_enrolled.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.object({
    course_id: CourseId,
    students: z.array(StudentRef).min(1).max(100).describe('Each {id} or {email} or {external_id}.'),
    idempotency_key: IdempotencyKey,
  }),
  outputSchema: z.object({
    course_id: z.string(),
    enrolled: Int,
    failed: Int,
    results: z.array(
      z.object({
        index: Int,
        status: z.enum(['created', 'error']),
        data: EnrollmentOutput.optional(),
        error: ErrorOutput.optional(),
      }),
    ),
  }),
  async run(call, input) {
    const { idempotency_key, ...args } = input;
    return idempotent(call, 'enroll_students', idempotency_key, args, async () => {
      // Another workspace's course is "not found" for the whole call, not record by record.
      await getCourse(call.ctx, call.auth.workspaceId, args.course_id);
      const results: BulkResult<Enrollment>[] = [];
      const records: { index: number; student_id: string }[] = [];
      for (const [index, ref] of args.students.entries()) {
        const resolved = await resolve(call, ref);
        if (resolved instanceof AppError) results.push(failed(index, resolved));
        else records.push({ index, student_id: resolved });
      }
      if (records.length > 0) {
        const enrolled = await bulkEnroll(call.ctx, call.auth.workspaceId, records.map((r) => ({ student_id: r.student_id, course_id: args.course_id })));
        for (const result of enrolled) results.push({ ...result, index: records[result.index]!.index });
      }
      results.sort((a, b) => a.index - b.index);
      const enrolledCount = results.filter((r) => r.status === 'created').length;
      return { course_id: args.course_id, enrolled: enrolledCount, failed: results.length - enrolledCount, results };
    });
  },
});
