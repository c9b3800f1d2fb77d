import type { StoredQuiz } from '../lessons/quiz.js';
import type { CourseDocument, LessonDocument } from './exports.schemas.js';
import { identifier, markdownHtml, type PackagedQuestion, type PackagedQuiz, packagedQuiz, safeUrl } from './render.js';
import { xml } from './xml.js';

/**
 * An IMS Common Cartridge 1.1 package of a course (the version Canvas and Moodle both import):
 * `imsmanifest.xml` with one organization (course → modules → lessons), each text, video or
 * assignment lesson a `webcontent` page, each quiz a QTI 1.2 assessment of the CC profile.
 * The manifest follows the CC 1.1 schemas (tests validate it with xmllint). Markdown, the quiz and
 * every text go through render.ts and xml.ts, shared with the SCORM and cmi5 packages.
 */

export interface CartridgeFile {
  path: string;
  content: string;
}

const MANIFEST_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1';
const LOM_MANIFEST_NS = 'http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest';
const QTI_NS = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const ASSESSMENT = 'imsqti_xmlv1p2/imscc_xmlv1p1/assessment';

/** The files of the package, imsmanifest.xml first; `packageId` names the manifest. */
export function buildCartridge(document: CourseDocument, packageId: string): CartridgeFile[] {
  const { course } = document;
  const files: CartridgeFile[] = [];
  const items: string[] = [];
  const resources: string[] = [];
  course.modules.forEach((module, m) => {
    const lessonItems: string[] = [];
    module.lessons.forEach((lesson, l) => {
      const key = identifier(lesson.id, `lesson_${m}_${l}`);
      const resource = `R_${key}`;
      lessonItems.push(`<item identifier="I_${key}" identifierref="${resource}"><title>${xml(lesson.title)}</title></item>`);
      if (lesson.quiz) {
        const path = `${key}/assessment.xml`;
        files.push({ path, content: assessmentXml(key, lesson.title, packagedQuiz(lesson.quiz as StoredQuiz)) });
        resources.push(`<resource identifier="${resource}" type="${ASSESSMENT}"><file href="${path}"/></resource>`);
      } else {
        const path = `${key}/index.html`;
        files.push({ path, content: lessonPage(lesson) });
        resources.push(`<resource identifier="${resource}" type="webcontent" href="${path}"><file href="${path}"/></resource>`);
      }
    });
    const key = identifier(module.id, `module_${m}`);
    items.push(`<item identifier="I_${key}"><title>${xml(module.title)}</title>${lessonItems.join('')}</item>`);
  });

  const description = course.description ? `<lomimscc:description><lomimscc:string>${xml(course.description)}</lomimscc:string></lomimscc:description>` : '';
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier(packageId, 'package')}" xmlns="${MANIFEST_NS}" xmlns:lomimscc="${LOM_MANIFEST_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${MANIFEST_NS} http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imscp_v1p2_v1p0.xsd ${LOM_MANIFEST_NS} http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lommanifest_v1p0.xsd">
<metadata><schema>IMS Common Cartridge</schema><schemaversion>1.1.0</schemaversion><lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string>${xml(course.title)}</lomimscc:string></lomimscc:title>${description}</lomimscc:general></lomimscc:lom></metadata>
<organizations><organization identifier="O_1" structure="rooted-hierarchy"><item identifier="I_root">
${items.join('\n')}
</item></organization></organizations>
<resources>
${resources.join('\n')}
</resources>
</manifest>
`;
  return [{ path: 'imsmanifest.xml', content: manifest }, ...files];
}

function lessonPage(lesson: LessonDocument): string {
  const video = lesson.video_url && safeUrl(lesson.video_url) ? `<p><a href="${xml(lesson.video_url)}">Watch the video</a></p>\n` : '';
  const body = markdownHtml(lesson.content ?? '');
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${xml(lesson.title)}</title></head>
<body>
<h1>${xml(lesson.title)}</h1>
${video}${body}</body></html>
`;
}

/** A quiz as a QTI 1.2 assessment of the CC 1.1 profile: 100 points for a right answer, 0 otherwise. */
function assessmentXml(key: string, title: string, quiz: PackagedQuiz): string {
  const items = quiz.questions.map((question, i) => questionItem(`${key}_q${i + 1}`, question, i + 1)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="${QTI_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${QTI_NS} http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_qtiasiv1p2p1_v1p0.xsd">
<assessment ident="A_${key}" title="${xml(title)}">
<qtimetadata>${field('cc_profile', 'cc.exam.v0p1')}${field('qmd_assessmenttype', 'Examination')}${field('qmd_scoretype', 'Percentage')}${field('cc_maxattempts', 'unlimited')}</qtimetadata>
<section ident="S_${key}">
${items}
</section>
</assessment>
</questestinterop>
`;
}

const PROFILES: Record<PackagedQuestion['kind'], string> = {
  single_choice: 'cc.multiple_choice.v0p1',
  multiple_choice: 'cc.multiple_response.v0p1',
  true_false: 'cc.true_false.v0p1',
  short_answer: 'cc.fib.v0p1',
};

function questionItem(ident: string, question: PackagedQuestion, number: number): string {
  const response = `${ident}_r`;
  const { choices } = question;
  const label = (index: number) => `${ident}_c${index + 1}`;
  let interaction: string;
  let condition: string;
  switch (question.kind) {
    case 'short_answer':
      interaction = `<response_str ident="${response}" rcardinality="Single"><render_fib><response_label ident="${ident}_answer"/></render_fib></response_str>`;
      // Conditions listed side by side are alternatives (QTI 1.2: or is the default); the CC profile has no <or>.
      condition = (question.answer as string[]).map((accepted) => `<varequal respident="${response}" case="No">${xml(accepted.trim())}</varequal>`).join('');
      break;
    case 'multiple_choice': {
      const right = new Set(question.answer as number[]);
      interaction = choiceInteraction(response, 'Multiple', choices, label);
      condition = `<and>${choices
        .map((_, i) => (right.has(i) ? `<varequal respident="${response}">${label(i)}</varequal>` : `<not><varequal respident="${response}">${label(i)}</varequal></not>`))
        .join('')}</and>`;
      break;
    }
    default: {
      const right = question.kind === 'true_false' ? (question.answer ? 0 : 1) : (question.answer as number);
      interaction = choiceInteraction(response, 'Single', choices, label);
      condition = `<varequal respident="${response}">${label(right)}</varequal>`;
    }
  }
  return `<item ident="${ident}" title="Question ${number}">
<itemmetadata><qtimetadata>${field('cc_profile', PROFILES[question.kind])}</qtimetadata></itemmetadata>
<presentation><material><mattext texttype="text/plain">${xml(question.prompt)}</mattext></material>${interaction}</presentation>
<resprocessing><outcomes><decvar varname="SCORE" vartype="Decimal" minvalue="0" maxvalue="100"/></outcomes><respcondition continue="No"><conditionvar>${condition}</conditionvar><setvar varname="SCORE" action="Set">100</setvar></respcondition></resprocessing>
</item>`;
}

function choiceInteraction(response: string, cardinality: 'Single' | 'Multiple', choices: string[], label: (index: number) => string): string {
  const labels = choices.map((choice, i) => `<response_label ident="${label(i)}"><material><mattext texttype="text/plain">${xml(choice)}</mattext></material></response_label>`);
  return `<response_lid ident="${response}" rcardinality="${cardinality}"><render_choice>${labels.join('')}</render_choice></response_lid>`;
}

function field(label: string, entry: string): string {
  return `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${entry}</fieldentry></qtimetadatafield>`;
}
