import { Marked, type Token, type Tokens } from 'marked';
import type { StoredQuestion, StoredQuiz } from '../lessons/quiz.js';
import type { CourseDocument } from './exports.schemas.js';
import { xml, xmlSafe } from './xml.js';

/**
 * The rendering every packaged format shares (imscc, scorm12, cmi5): lesson Markdown to HTML, the
 * quiz as a package carries it, identifiers and file names. Text goes through xml.ts, so any text
 * the API accepted makes well-formed XML and HTML and shows as text; a fix here reaches every format.
 */

/** Whether a link may stay a link in a package: http(s), mailto, or a relative reference. */
export function safeUrl(href: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/**
 * Markdown to HTML for lesson pages. Raw HTML in the Markdown is shown as text, links other than
 * http(s), mailto and relative ones become `#`, and an image becomes a link to it: a page of a
 * package loads nothing from outside the package until the learner asks for it. Headings move one
 * level down, under the page's title.
 */
const markdown = new Marked({
  renderer: {
    html: (token) => xml(token.text),
    image: (token: Tokens.Image) => `<a href="${xml(token.href)}">${xml(token.text || token.title || 'Image')}</a>`,
    // The page's title is its one h1: the lesson's headings start at h2.
    heading(token: Tokens.Heading) {
      const level = Math.min(token.depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
    },
  },
  walkTokens(token: Token) {
    if ((token.type === 'link' || token.type === 'image') && typeof token.href === 'string' && !safeUrl(token.href)) token.href = '#';
  },
});

/** A lesson's (or description's) Markdown as HTML, safe to put in any page of a package. */
export function markdownHtml(text: string): string {
  return markdown.parse(xmlSafe(text), { async: false });
}

/** An xs:ID (and a file name) from one of our ids (letters, digits, `_`), or the fallback when it has none. */
export function identifier(id: string | undefined, fallback: string): string {
  const safe = (id ?? '').replace(/[^A-Za-z0-9_]/g, '_');
  return safe === '' || !/^[A-Za-z_]/.test(safe) ? fallback : safe;
}

/**
 * A question as a package carries it: the choices it shows (a true/false question shows True and
 * False) and its answer in its kind's stored form. Grading in a package follows
 * src/modules/quiz-attempts/grading.ts exactly (test/unit/player-grading.test.ts checks that).
 */
export interface PackagedQuestion {
  id: string;
  kind: StoredQuestion['kind'];
  prompt: string;
  choices: string[];
  answer: StoredQuestion['answer'];
}

export interface PackagedQuiz {
  passing_score: number;
  questions: PackagedQuestion[];
}

/** The quiz every format shows, texts made XML-safe. */
export function packagedQuiz(quiz: StoredQuiz): PackagedQuiz {
  return {
    passing_score: quiz.passing_score,
    questions: quiz.questions.map((q) => ({
      id: xmlSafe(q.id),
      kind: q.kind,
      prompt: xmlSafe(q.prompt),
      choices: q.kind === 'true_false' ? ['True', 'False'] : (q.choices ?? []).map(xmlSafe),
      answer: q.kind === 'short_answer' ? (q.answer as string[]).map(xmlSafe) : q.answer,
    })),
  };
}

/** A question as the live player gets it: what the form needs to answer it, and never the answer. */
export interface LiveQuestion {
  id: string;
  kind: StoredQuestion['kind'];
}

/**
 * The quiz as the live player (`/play/`) gets it: no answers, since it is graded on the server
 * (the form itself, lessonBody's, never holds them either).
 */
export function liveQuiz(quiz: StoredQuiz): { passing_score: number; questions: LiveQuestion[] } {
  return { passing_score: quiz.passing_score, questions: quiz.questions.map((q) => ({ id: q.id, kind: q.kind })) };
}

/**
 * JSON to embed in an HTML `<script type="application/json">`: `<`, `>` and `&` are escaped as
 * \u sequences, so no text can close the element or open a comment; U+2028/9 likewise.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A file of a zip package. */
export interface PackageFile {
  path: string;
  content: string | Buffer;
}

/**
 * The modules a run-time package (SCORM, cmi5) shows: those with lessons, since an empty one has
 * nothing to launch. A course without any lesson gets one page, its description, so the package
 * still has something to launch and stays valid (both formats require a launchable unit).
 */
export function launchableModules(document: CourseDocument): CourseDocument['course']['modules'] {
  const { course } = document;
  const modules = course.modules.filter((module) => module.lessons.length > 0);
  if (modules.length > 0) return modules;
  return [{ id: 'course_overview', title: course.title, lessons: [{ id: 'overview', title: course.title, type: 'text', content: course.description ?? '' }] }];
}
