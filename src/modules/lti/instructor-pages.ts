import { escapeHtml, htmlDocument } from './lti-error-page.js';

/**
 * The pages a teacher sees inside the LMS's frame: the Deep Linking course picker and its answer
 * to the platform, the teacher's start page with Members, and the members page (Names and Roles).
 * Every action is a form that carries the page's token (never a cookie, never a URL) and posts to
 * a relative URL; the one script is INSTRUCTOR_SCRIPT, served at INSTRUCTOR_SCRIPT_PATH (no inline
 * script: the pages' CSP allows `'self'`), which submits the answer's form. Every text is escaped.
 */
export const INSTRUCTOR_SCRIPT_PATH = '/lti/assets/lti-instructor.js';

/** Submits the auto-posting form of the Deep Linking answer (its button stays for a browser without script). */
export const INSTRUCTOR_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('lti-autopost');
  if (form) form.submit();
})();
`;

const EXTRA_STYLE =
  '<style>button{font:inherit;padding:.45rem .9rem;border-radius:6px;border:1px solid #1f4ed8;background:#1f4ed8;color:#fff;cursor:pointer}' +
  'button.secondary{background:#fff;color:#1f4ed8}input[type=search]{font:inherit;padding:.4rem;width:16rem;max-width:60%}' +
  'ul.courses{list-style:none;padding:0}ul.courses li{padding:.5rem 0;border-bottom:1px solid #e4e7eb}ul.courses label{display:flex;gap:.6rem;align-items:baseline}' +
  'table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e4e7eb}.notice{background:#f0f4ff;padding:.5rem .75rem;border-radius:6px}</style>\n';

const hidden = (name: string, value: string): string => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

export interface PickerCourse {
  id: string;
  title: string;
  description: string;
}

export interface PickerPage {
  token: string;
  query: string;
  courses: PickerCourse[];
  /** Matching courses not shown (the page lists the first few only). */
  more: number;
  multiple: boolean;
  /** The platform's title for the request, when it gave one. */
  title: string | null;
}

/** The course picker: the workspace's published courses matching the search, one (or, with accept_multiple, several) to add. */
export function pickerPageHtml(page: PickerPage): string {
  const input = page.multiple ? 'checkbox' : 'radio';
  const items = page.courses
    .map(
      (c, i) =>
        `<li><label><input type="${input}" name="course_id" value="${escapeHtml(c.id)}"${!page.multiple && i === 0 ? ' required' : ''}> <span><strong>${escapeHtml(c.title)}</strong>` +
        `${c.description ? `<br><span class="hint">${escapeHtml(c.description.slice(0, 200))}</span>` : ''}</span></label></li>`,
    )
    .join('\n');
  const empty = page.query ? `<p>No published course matches “${escapeHtml(page.query)}”.</p>` : '<p>This Lectern workspace has no published course yet: publish one in Lectern first.</p>';
  const list =
    page.courses.length === 0
      ? empty
      : `<form method="post" action="/lti/deep-linking/answer">
${hidden('token', page.token)}
<ul class="courses">
${items}
</ul>
${page.more > 0 ? `<p class="hint">${page.more} more match: search to narrow the list.</p>` : ''}<button type="submit">Add to the course</button>
</form>`;
  const body = `<main>
<h1>Add a Lectern course${page.title ? ` for “${escapeHtml(page.title)}”` : ''}</h1>
<form method="post" action="/lti/deep-linking" role="search">
${hidden('token', page.token)}
<label>Search by title <input type="search" name="q" value="${escapeHtml(page.query)}" maxlength="200"></label>
<button type="submit" class="secondary">Search</button>
</form>
${list}
</main>`;
  return htmlDocument('Add a Lectern course', body, EXTRA_STYLE);
}

/** The answer to the platform: a form posting the signed response (`JWT`) to its deep_link_return_url, submitted by the script. */
export function deepLinkAnswerHtml(input: { returnUrl: string; jwt: string; titles: string[] }): string {
  const body = `<main>
<form id="lti-autopost" method="post" action="${escapeHtml(input.returnUrl)}">
${hidden('JWT', input.jwt)}
<p>Adding ${input.titles.map((t) => `“${escapeHtml(t)}”`).join(', ')} to your course…</p>
<button type="submit">Continue</button>
</form>
</main>`;
  return htmlDocument('Adding the course', body, `${EXTRA_STYLE}<script src="${INSTRUCTOR_SCRIPT_PATH}" defer></script>\n`);
}

/** The teacher's start page when the launch offers the course's roster: the preview, and Members. */
export function instructorHomeHtml(input: { courseTitle: string; previewUrl: string; membersToken: string }): string {
  const body = `<main>
<h1>${escapeHtml(input.courseTitle)}</h1>
<p>You opened this course as a teacher: a preview records nothing.</p>
<p><a class="button" href="${escapeHtml(input.previewUrl)}">Preview the course</a></p>
<form method="post" action="/lti/members">
${hidden('token', input.membersToken)}
<p>See who is in this course in your learning platform, and enroll its learners in Lectern in one step.</p>
<button type="submit" class="secondary">Members</button>
</form>
</main>`;
  return htmlDocument(input.courseTitle, body, EXTRA_STYLE);
}

export interface MemberRow {
  name: string | null;
  email: string | null;
  userId: string;
  roles: string[];
  status: string;
  learner: boolean;
}

export interface MembersPage {
  token: string;
  courseTitle: string;
  contextTitle: string | null;
  members: MemberRow[];
  /** After "Enroll all learners": what it did. */
  result?: { studentsCreated: number; enrolled: number; alreadyEnrolled: number; skipped: number };
}

const shortRole = (role: string): string => role.replace(/^.*[#/]/, '');

/** The LMS course's members, and "Enroll all learners". */
export function membersPageHtml(page: MembersPage): string {
  const learners = page.members.filter((m) => m.learner).length;
  const rows = page.members
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.name ?? m.userId)}</td><td>${escapeHtml(m.email ?? '')}</td><td>${escapeHtml(m.roles.map(shortRole).join(', '))}</td><td>${escapeHtml(m.status)}</td></tr>`,
    )
    .join('\n');
  const r = page.result;
  const notice = r
    ? `<p class="notice" role="status">${r.enrolled} enrolled (${r.studentsCreated} new students), ${r.alreadyEnrolled} already enrolled${r.skipped > 0 ? `, ${r.skipped} skipped (not identifiable)` : ''}.</p>\n`
    : '';
  const body = `<main>
<h1>Members${page.contextTitle ? ` of ${escapeHtml(page.contextTitle)}` : ''}</h1>
${notice}<p>${page.members.length} members in your learning platform, ${learners} of them active learners. Enrolling makes each learner a student of “${escapeHtml(page.courseTitle)}” in Lectern (once: enrolling again adds only who is new).</p>
<form method="post" action="/lti/members/enroll">
${hidden('token', page.token)}
<button type="submit"${learners === 0 ? ' disabled' : ''}>Enroll all learners (${learners})</button>
</form>
<table>
<thead><tr><th>Name</th><th>Email</th><th>Roles</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>`;
  return htmlDocument('Members', body, EXTRA_STYLE);
}
