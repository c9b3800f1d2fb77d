import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { hasScope } from '../api-keys/scopes.js';
import type { ToolCall } from './tool-definition.js';

/** The instructions of draft_course_outline: what a good outline is, and the call that creates it. */
export function draftOutlineText(syllabus: string, audience: string | undefined, language: string | undefined): string {
  return [
    'Draft a Lectern course outline from the syllabus below.',
    audience ? `The learners: ${audience}.` : '',
    language ? `Write the course in ${language}.` : '',
    '',
    'How to build it:',
    '- A course title (at most 200 characters) and a short markdown description of who it is for and what they will be able to do.',
    '- Modules in teaching order, one per topic or week of the syllabus, each with a title and lessons in order.',
    '- Lessons of type "text" (markdown content: explanation and worked examples), "video" (a video_url only if the syllabus gives one), "assignment" (the task in content) or "quiz".',
    '- End each module with a short quiz: {"passing_score": 70, "questions": [...]}, each question with a prompt, a kind (single_choice, multiple_choice, true_false, short_answer), choices where needed and the answer (the index of the right choice, the indexes, a boolean, or the accepted strings).',
    '- Keep to what the syllabus covers; do not invent dates, links or grading rules it does not state.',
    '',
    'Show the outline to me as a readable list first. Then end with the create_course_outline call that would create it, as JSON arguments:',
    '{"title": …, "description": …, "modules": [{"title": …, "lessons": [{"title": …, "type": …, "content": …, "quiz": …}]}], "idempotency_key": "<a new random key>"}',
    'and ask me to confirm before calling it. The course is created unpublished; publish_course publishes it.',
    '',
    'Syllabus:',
    '"""',
    syllabus,
    '"""',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
}

/**
 * The prompts a key sees: draft_course_outline ends in a create_course_outline call, so it is
 * offered to keys that may make that call (courses:write).
 */
export function registerPrompts(server: McpServer, call: ToolCall): void {
  if (!hasScope(call.auth.scopes, 'courses:write')) return;
  server.registerPrompt(
    'draft_course_outline',
    {
      title: 'Draft a course outline from a syllabus',
      description: 'Turns a syllabus into modules, lessons and quizzes, and ends with the create_course_outline call that creates the course.',
      argsSchema: z.object({
        syllabus: z.string().min(1).max(100_000).describe('The syllabus text: topics, weeks, objectives, readings.'),
        audience: z.string().max(500).optional().describe('Who the course is for (e.g. "first-year nursing students").'),
        language: z.string().max(50).optional().describe('The language to write the course in (default: the syllabus\'s).'),
      }),
    },
    ({ syllabus, audience, language }) => ({
      description: 'Draft a course outline, then suggest the create_course_outline call.',
      messages: [{ role: 'user', content: { type: 'text', text: draftOutlineText(syllabus, audience, language) } }],
    }),
  );
}
