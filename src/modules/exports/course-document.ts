import type { LessonsTable } from '../../db/types.js';
import { parseMetadata } from '../../shared/schemas.js';
import type { StoredQuiz } from '../lessons/quiz.js';
import type { CourseTree } from './exports.repository.js';
import type { CourseDocument, LessonDocument } from './exports.schemas.js';

/**
 * The json export of a course: the tree as the API shows it to a key with courses:write (quiz
 * answers included), modules and lessons in order. POST /courses/import reads it back.
 */
export function toCourseDocument(tree: CourseTree, exportedAt: string): CourseDocument {
  const lessonsByModule = new Map<string, LessonsTable[]>();
  for (const lesson of tree.lessons) {
    const siblings = lessonsByModule.get(lesson.module_id);
    if (siblings) siblings.push(lesson);
    else lessonsByModule.set(lesson.module_id, [lesson]);
  }
  const { course } = tree;
  return {
    object: 'course_export',
    version: 1,
    exported_at: exportedAt,
    course: {
      id: course.id,
      title: course.title,
      description: course.description,
      published: course.published === 1,
      metadata: parseMetadata(course.metadata),
      created_at: course.created_at,
      updated_at: course.updated_at,
      modules: tree.modules.map((module) => ({
        id: module.id,
        title: module.title,
        description: module.description,
        created_at: module.created_at,
        updated_at: module.updated_at,
        lessons: (lessonsByModule.get(module.id) ?? []).map(toLessonDocument),
      })),
    },
  };
}

function toLessonDocument(row: LessonsTable): LessonDocument {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    content: row.content,
    video_url: row.video_url,
    duration_seconds: row.duration_seconds,
    quiz: row.quiz === null ? null : (JSON.parse(row.quiz) as StoredQuiz),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Whether the document holds quiz answers (then reading it takes more than courses:read). */
export function holdsAnswers(document: CourseDocument): boolean {
  return document.course.modules.some((module) => module.lessons.some((lesson) => lesson.quiz != null));
}
