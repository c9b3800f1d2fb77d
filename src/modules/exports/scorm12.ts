import type { StoredQuiz } from '../lessons/quiz.js';
import type { CourseDocument } from './exports.schemas.js';
import { asset, SCORM12_SCHEMAS } from './player-assets.js';
import { LESSONS_DIR, lessonPage, PLAYER_DIR, playerFiles } from './player-page.js';
import { identifier, launchableModules, type PackageFile } from './render.js';
import { xml } from './xml.js';

/**
 * A SCORM 1.2 package of a course: `imsmanifest.xml` (ADL SCORM 1.2; one organization titled as
 * the course, an item per module holding an item per lesson, in order), the four ADL schema files
 * beside it, and one SCO per lesson: its page and the player it runs (player-page.ts, assets/).
 * A quiz's item carries `adlcp:masteryscore` = its passing_score. Modules without lessons are left
 * out (render.ts, launchableModules). Tests validate the manifest with xmllint.
 */

const CP_NS = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
const ADLCP_NS = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
const MD_NS = 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** The files of the package, imsmanifest.xml first; `packageId` names the manifest. */
export function buildScorm12(document: CourseDocument, packageId: string): PackageFile[] {
  const { course } = document;
  const pages: PackageFile[] = [];
  const items: string[] = [];
  const resources: string[] = [];
  const shared = playerFiles('scorm12').map((file) => `<file href="${file}"/>`).join('');
  launchableModules(document).forEach((module, m) => {
    const lessonItems = module.lessons.map((lesson, l) => {
      const key = identifier(lesson.id, `lesson_${m}_${l}`);
      const href = `${LESSONS_DIR}/${key}.html`;
      pages.push({ path: href, content: lessonPage(lesson, 'scorm12') });
      resources.push(`<resource identifier="R_${key}" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/>${shared}</resource>`);
      const quiz = lesson.type === 'quiz' ? (lesson.quiz as StoredQuiz | null | undefined) : undefined;
      const mastery = quiz ? `<adlcp:masteryscore>${quiz.passing_score}</adlcp:masteryscore>` : '';
      return `<item identifier="I_${key}" identifierref="R_${key}" isvisible="true"><title>${xml(lesson.title)}</title>${mastery}</item>`;
    });
    const key = identifier(module.id, `module_${m}`);
    items.push(`<item identifier="I_${key}" isvisible="true"><title>${xml(module.title)}</title>\n${lessonItems.join('\n')}\n</item>`);
  });

  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier(packageId, 'package')}" version="1.0" xmlns="${CP_NS}" xmlns:adlcp="${ADLCP_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${CP_NS} imscp_rootv1p1p2.xsd ${MD_NS} imsmd_rootv1p2p1.xsd ${ADLCP_NS} adlcp_rootv1p2.xsd">
<metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
<organizations default="ORG_1"><organization identifier="ORG_1"><title>${xml(course.title)}</title>
${items.join('\n')}
</organization></organizations>
<resources>
${resources.join('\n')}
</resources>
</manifest>
`;
  return [
    { path: 'imsmanifest.xml', content: manifest },
    ...SCORM12_SCHEMAS.map((schema) => asset(schema, schema)),
    asset('player.js', `${PLAYER_DIR}/player.js`),
    asset('player.css', `${PLAYER_DIR}/player.css`),
    ...pages,
  ];
}
