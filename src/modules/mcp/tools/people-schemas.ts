import { z } from 'zod';
import { Int } from './shared-schemas.js';

/**
 * Students, enrollments and exports as tool output schemas: the REST representations' field names
 * and types (students.schemas.ts, enrollments.schemas.ts, exports.schemas.ts), in zod for the SDK.
 */
export const StudentOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  external_id: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const EnrollmentOutput = z.object({
  id: z.string(),
  student_id: z.string(),
  course_id: z.string(),
  status: z.enum(['active', 'completed', 'cancelled']),
  progress_percent: Int,
  score: z.number().nullable(),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ExportOutput = z.object({
  id: z.string(),
  course_id: z.string(),
  format: z.enum(['json', 'imscc', 'scorm12', 'cmi5']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  download_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: Int.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** The REST error envelope's fields, for a per-record failure. */
export const ErrorOutput = z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() });

export const StudentId = z.string().min(1).max(64).describe('The student id (stu_…).');

/**
 * A point in time as the REST API takes it (ISO 8601). Checked by parsing rather than by zod's
 * date-time pattern, whose regular expression would cost tokens in every tools/list.
 */
const Instant = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time');

/** The period of the analytics tools, as the REST `from`/`to` query parameters. */
export const periodInput = {
  from: Instant.optional().describe('ISO 8601, inclusive.'),
  to: Instant.optional().describe('Exclusive; default now.'),
};
