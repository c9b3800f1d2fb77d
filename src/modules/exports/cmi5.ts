import type { StoredQuiz } from '../lessons/quiz.js';
import type { CourseDocument, LessonDocument } from './exports.schemas.js';
import { asset } from './player-assets.js';
import { LESSONS_DIR, lessonPage, PLAYER_DIR } from './player-page.js';
import { identifier, launchableModules, type PackageFile } from './render.js';
import { xml } from './xml.js';

/**
 * A cmi5 package of a course: `cmi5.xml` (the course, a `block` per module, an `au` per lesson in
 * order: `moveOn` Completed for content, Passed for a quiz with `masteryScore` = passing_score / 100)
 * and the same lesson pages as SCORM's, whose player acts as the AU through @xapi/cmi5 (its browser
 * build ships in the package: nothing is fetched from elsewhere). Ids are `urn:lectern:` IRIs made
 * from our ids, so a re-export updates the same course in an LMS. Tests validate it with xmllint.
 */

const CMI5_NS = 'http://www.adlnet.gov/cmi5/CourseStructure.xsd';

const text = (value: string) => `<langstring lang="en">${xml(value)}</langstring>`;

function auDescription(lesson: LessonDocument): string {
  if (lesson.type !== 'quiz' || !lesson.quiz) return `${lesson.type[0]!.toUpperCase()}${lesson.type.slice(1)} lesson`;
  const quiz = lesson.quiz as StoredQuiz;
  return `Quiz: ${quiz.questions.length} question${quiz.questions.length === 1 ? '' : 's'}, pass mark ${quiz.passing_score}%`;
}

/** The files of the package, cmi5.xml first. */
export function buildCmi5(document: CourseDocument, packageId: string): PackageFile[] {
  const { course } = document;
  const courseKey = identifier(course.id, identifier(packageId, 'course'));
  const pages: PackageFile[] = [];
  const blocks: string[] = [];
  launchableModules(document).forEach((module, m) => {
    const aus = module.lessons.map((lesson, l) => {
      const key = identifier(lesson.id, `lesson_${m}_${l}`);
      const href = `${LESSONS_DIR}/${key}.html`;
      pages.push({ path: href, content: lessonPage(lesson, 'cmi5') });
      const quiz = lesson.type === 'quiz' ? (lesson.quiz as StoredQuiz | null | undefined) : undefined;
      const moveOn = quiz ? `moveOn="Passed" masteryScore="${quiz.passing_score / 100}"` : 'moveOn="Completed"';
      return `<au id="urn:lectern:${courseKey}:lesson:${key}" ${moveOn} launchMethod="AnyWindow"><title>${text(lesson.title)}</title><description>${text(auDescription(lesson))}</description><url>${href}</url></au>`;
    });
    const key = identifier(module.id, `module_${m}`);
    blocks.push(`<block id="urn:lectern:${courseKey}:module:${key}"><title>${text(module.title)}</title><description>${text(module.description ?? '')}</description>\n${aus.join('\n')}\n</block>`);
  });
  const structure = `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="${CMI5_NS}">
<course id="urn:lectern:${courseKey}"><title>${text(course.title)}</title><description>${text(course.description ?? '')}</description></course>
${blocks.join('\n')}
</courseStructure>
`;
  return [
    { path: 'cmi5.xml', content: structure },
    asset('cmi5.umd.js', `${PLAYER_DIR}/cmi5.umd.js`),
    asset('cmi5.LICENSE.md', `${PLAYER_DIR}/cmi5.LICENSE.md`),
    asset('player.js', `${PLAYER_DIR}/player.js`),
    asset('player.css', `${PLAYER_DIR}/player.css`),
    ...pages,
  ];
}
