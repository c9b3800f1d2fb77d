import type { StoredQuiz } from '../lessons/quiz.js';
import type { LessonDocument } from './exports.schemas.js';
import { jsonForHtml, markdownHtml, type PackagedQuiz, packagedQuiz, safeUrl } from './render.js';
import { xml } from './xml.js';

/**
 * One lesson as a page of a SCORM 1.2 or cmi5 package: static HTML (the lesson's Markdown rendered
 * at export, a quiz as a form) that the package's player script brings to life. The page loads
 * only files of its package: a video fetches nothing until the learner presses play, an image in
 * the Markdown is a link, and the Content-Security-Policy refuses any other script, even one a
 * bug let through.
 */

export type PlayerRuntime = 'scorm12' | 'cmi5';

/** Where the player's files sit in a package, relative to the root and to a lesson page. */
export const PLAYER_DIR = 'player';
export const LESSONS_DIR = 'lessons';

const KIND_LABEL: Record<LessonDocument['type'], string> = { text: 'Lesson', video: 'Video', quiz: 'Quiz', assignment: 'Assignment' };

/** The files of the player a lesson page loads, relative to the package root. */
export function playerFiles(runtime: PlayerRuntime): string[] {
  const files = [`${PLAYER_DIR}/player.css`, `${PLAYER_DIR}/player.js`];
  return runtime === 'cmi5' ? [`${PLAYER_DIR}/cmi5.umd.js`, ...files] : files;
}

export function lessonPage(lesson: LessonDocument, runtime: PlayerRuntime): string {
  const quiz = lesson.type === 'quiz' && lesson.quiz ? packagedQuiz(lesson.quiz as StoredQuiz) : null;
  // A cmi5 AU talks to its LMS's endpoint (any host); a SCORM SCO only to the API object in its window's parents.
  const connect = runtime === 'cmi5' ? 'http: https:' : "'none'";
  const csp = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src http: https:; connect-src ${connect}; base-uri 'none'; form-action 'none'`;
  const scripts = playerFiles(runtime)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<script src="../${file}" defer></script>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${xml(lesson.title)}</title>
<link rel="stylesheet" href="../${PLAYER_DIR}/player.css">
<script type="application/json" id="lectern-lesson">${jsonForHtml({ type: lesson.type, quiz })}</script>
${scripts}
</head>
<body data-runtime="${runtime}" data-type="${lesson.type}">
<main>
${lessonBody(lesson)}<footer><button type="button" class="secondary" id="lectern-exit">Exit lesson</button></footer>
</main>
</body>
</html>
`;
}

/**
 * What a lesson shows, inside the page's `<main>`: its status line, kind, title, video, rendered
 * Markdown and quiz form (no answers: a package's answers travel in its JSON, the live player's
 * stay on the server). The packages' pages and the live player (`/play/`) show this same markup.
 */
export function lessonBody(lesson: LessonDocument): string {
  const quiz = lesson.type === 'quiz' && lesson.quiz ? packagedQuiz(lesson.quiz as StoredQuiz) : null;
  return `<p class="status" id="lectern-status" role="status" aria-live="polite"></p>
<p class="kind">${KIND_LABEL[lesson.type]}</p>
<h1>${xml(lesson.title)}</h1>
${video(lesson)}<div class="content">
${markdownHtml(lesson.content ?? '')}</div>
${quiz ? quizForm(quiz) : ''}<div id="lectern-end"></div>
`;
}

/** The video in a player that fetches nothing until played (preload="none"), with a plain link beside it. */
function video(lesson: LessonDocument): string {
  if (!lesson.video_url || !safeUrl(lesson.video_url) || !/^https?:/i.test(lesson.video_url)) return '';
  const url = xml(lesson.video_url);
  return `<figure class="video">
<video controls preload="none" src="${url}" aria-label="Video: ${xml(lesson.title)}"></video>
<figcaption><a href="${url}">Open the video</a></figcaption>
</figure>
`;
}

/** Each question a fieldset whose legend is its prompt, each choice a labelled input, one submit button. */
function quizForm(quiz: PackagedQuiz): string {
  const total = quiz.questions.length;
  const questions = quiz.questions.map((question, i) => {
    const legend = `<legend><span class="number">Question ${i + 1} of ${total}</span> ${xml(question.prompt)}</legend>`;
    let inputs: string;
    if (question.kind === 'short_answer') {
      inputs = `<label for="q${i}-text">Your answer</label>\n<input type="text" id="q${i}-text" name="q${i}" autocomplete="off" maxlength="500">`;
    } else {
      const type = question.kind === 'multiple_choice' ? 'checkbox' : 'radio';
      inputs = question.choices
        .map((choice, c) => {
          const value = question.kind === 'true_false' ? String(c === 0) : String(c);
          return `<div class="choice"><input type="${type}" id="q${i}-c${c}" name="q${i}" value="${value}"><label for="q${i}-c${c}">${xml(choice)}</label></div>`;
        })
        .join('\n');
    }
    const hint = question.kind === 'multiple_choice' ? '<p class="hint">Choose every right answer.</p>\n' : '';
    return `<fieldset class="question" data-kind="${question.kind}">\n${legend}\n${hint}${inputs}\n<p class="feedback" id="q${i}-feedback"></p>\n</fieldset>`;
  });
  return `<form class="quiz" id="lectern-quiz" novalidate aria-label="Quiz">
${questions.join('\n')}
<button type="submit">Submit answers</button>
</form>
<p class="result" id="lectern-result" role="status" aria-live="polite" tabindex="-1" hidden></p>
`;
}

/**
 * The Content-Security-Policy of the live player (`/play/`): no script but the player's own file,
 * no inline script or style, requests only to Lectern itself (its `/play/api`), a video from any
 * http(s) host once played. No `frame-ancestors`: an LMS shows the player in its frame.
 */
export const LIVE_PLAYER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src http: https:; connect-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * The live player's page (`GET /play/`): an empty shell, the same for every course and learner.
 * The player script reads its session token from the URL's fragment, asks `/play/api` for the
 * course and each lesson (the markup of lessonBody), and drives the same lesson UI as in the
 * packages, over the `live` transport. Holds nothing secret and nothing of any course.
 */
export function livePlayerPage(assetsPath: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Lectern</title>
<link rel="stylesheet" href="${assetsPath}player.css">
<script src="${assetsPath}player.js" defer></script>
</head>
<body data-runtime="live">
<div class="live">
<header class="live-header">
<p class="course-title" id="lectern-course-title">Lectern</p>
<p class="live-mode" id="lectern-mode" role="status" aria-live="polite"></p>
</header>
<nav class="live-nav" id="lectern-nav" aria-label="Lessons" hidden></nav>
<main id="lectern-view" tabindex="-1"><p class="status" id="lectern-status" role="status" aria-live="polite">Loading the course…</p></main>
<footer class="live-footer" id="lectern-pager" hidden>
<button type="button" class="secondary" id="lectern-previous">Previous lesson</button>
<button type="button" id="lectern-next">Next lesson</button>
</footer>
</div>
</body>
</html>
`;
}
