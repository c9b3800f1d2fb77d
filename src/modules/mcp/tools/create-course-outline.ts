import { z } from 'zod';
import { importCourse } from '../../exports/course-import.js';
import { getCourseOutline } from './get-course-outline.js';
import { defineTool } from '../tool-definition.js';
import { idempotent } from '../tool-idempotency.js';
import { IdempotencyKey, Int } from './shared-schemas.js';

const Title = z.string().min(1).max(200).regex(/\S/);

const QuestionInput = z.object({
  id: z.string().min(1).max(64).optional(),
  prompt: z.string().min(1).max(2000),
  kind: z.enum(['single_choice', 'multiple_choice', 'true_false', 'short_answer']),
  choices: z.array(z.string().min(1).max(500)).min(2).max(20).optional().describe('For single_choice and multiple_choice.'),
  answer: z
    .union([z.number().int().min(0).max(19), z.boolean(), z.array(z.number().int().min(0).max(19)).max(20), z.array(z.string().max(500)).max(50)])
    .describe('single_choice: index of the right choice; multiple_choice: indexes; true_false: boolean; short_answer: accepted strings.'),
});

const LessonInput = z.object({
  title: Title,
  type: z.enum(['text', 'video', 'quiz', 'assignment']),
  content: z.string().max(200_000).optional().describe('Markdown.'),
  video_url: z.url().max(2048).optional().describe('For video lessons.'),
  quiz: z
    .object({ passing_score: z.number().int().min(0).max(100), questions: z.array(QuestionInput).min(1).max(200) })
    .optional()
    .describe('Required for quiz lessons, not allowed for others.'),
});

export const createCourseOutline = defineTool({
  name: 'create_course_outline',
  title: 'Create a course from an outline',
  description:
    'Creates a whole course (unpublished) in one step: its modules and their lessons in the order given, quizzes included; all of it or nothing. Answers the new course_id and the ids of its modules and lessons.',
  scope: 'courses:write',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  inputSchema: z.object({
    title: Title,
    description: z.string().max(20_000).optional(),
    modules: z.array(z.object({ title: Title, description: z.string().max(20_000).optional(), lessons: z.array(LessonInput).max(1000) })).max(1000),
    idempotency_key: IdempotencyKey,
  }),
  outputSchema: z.object({
    course_id: z.string(),
    title: z.string(),
    module_count: Int,
    lesson_count: Int,
    modules: z.array(z.object({ module_id: z.string(), title: z.string(), lesson_ids: z.array(z.string()) })),
  }),
  async run(call, input) {
    const { idempotency_key, ...outline } = input;
    return idempotent(call, 'create_course_outline', idempotency_key, outline, async () => {
      const course = await importCourse(call.ctx, call.auth.workspaceId, {
        object: 'course_export',
        version: 1,
        course: { title: outline.title, description: outline.description ?? '', published: false, metadata: {}, modules: outline.modules },
      });
      // Read back through the outline tool's own service calls: the ids in order.
      const tree = await getCourseOutline.run(call, { course_id: course.data.id });
      return {
        course_id: tree.id,
        title: tree.title,
        module_count: tree.modules.length,
        lesson_count: tree.modules.reduce((sum, m) => sum + m.lessons.length, 0),
        modules: tree.modules.map((m) => ({ module_id: m.id, title: m.title, lesson_ids: m.lessons.map((l) => l.id) })),
      };
    });
  },
});
