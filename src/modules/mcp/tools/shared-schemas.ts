import { z } from 'zod';

/**
 * The REST representations as tool output schemas (zod, which the MCP SDK takes): the same field
 * names and types as the TypeBox schemas of courses, modules and lessons.
 */
/**
 * An integer, without the safe-integer bounds zod writes into its JSON Schema: 16 digits twice per
 * field, paid in tokens by every tools/list an assistant reads.
 */
export const Int = z.number().int().meta({ minimum: undefined, maximum: undefined });

export const CourseOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  enrollment_count: Int,
  external_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ModuleOutput = z.object({
  id: z.string(),
  course_id: z.string(),
  title: z.string(),
  description: z.string(),
  position: Int,
  created_at: z.string(),
  updated_at: z.string(),
});

export const QuizQuestionOutput = z.object({
  id: z.string(),
  prompt: z.string(),
  kind: z.enum(['single_choice', 'multiple_choice', 'true_false', 'short_answer']),
  choices: z.array(z.string()).optional(),
  answer: z.union([Int, z.boolean(), z.array(Int), z.array(z.string())]).optional(),
});

export const LessonOutput = z.object({
  id: z.string(),
  module_id: z.string(),
  course_id: z.string(),
  title: z.string(),
  type: z.enum(['text', 'video', 'quiz', 'assignment']),
  content: z.string(),
  video_url: z.string().nullable(),
  duration_seconds: Int.nullable(),
  position: Int,
  quiz: z.object({ passing_score: Int, questions: z.array(QuizQuestionOutput) }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** `limit` and `cursor` of every list tool (limit 1..100, default 20). */
export const listInput = {
  limit: z.number().int().min(1).max(100).optional().describe('1..100, default 20.'),
  cursor: z.string().max(512).optional().describe('next_cursor of the previous answer.'),
};

export const CourseId = z.string().min(1).max(64).describe('The course id (crs_…).');

export const IdempotencyKey = z
  .string()
  .min(1)
  .max(251)
  .optional()
  .describe('As the REST Idempotency-Key header: a retry with it answers the first result (24 h).');
