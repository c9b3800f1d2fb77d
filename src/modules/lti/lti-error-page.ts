/**
 * The HTML pages of a launch, which a person sees inside the LMS's frame: no stack, no internal
 * message, a strict Content-Security-Policy (no script at all on an error page) and no framing
 * limit (the LMS frames them). Every text is escaped.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE =
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2933;max-width:40rem;margin:2rem auto;padding:0 1rem}' +
  'h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0}.hint{color:#52606d;font-size:.9rem}a.button{display:inline-block;margin-top:.75rem;padding:.5rem 1rem;border-radius:6px;background:#1f4ed8;color:#fff;text-decoration:none}';

/** A page's Content-Security-Policy: nothing but its own inline style, unless it names more. */
export function pageCsp(options: { script?: boolean; formAction?: string[] } = {}): string {
  const formAction = options.formAction && options.formAction.length > 0 ? options.formAction.join(' ') : "'none'";
  return `default-src 'none'; script-src ${options.script ? "'self'" : "'none'"}; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action ${formAction}`;
}

/** The whole document around a page's body (already HTML). */
export function htmlDocument(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}</head>
<body>
${body}
</body>
</html>
`;
}

export interface ErrorPage {
  status: number;
  title: string;
  message: string;
  /** Extra HTML after the message (a link to try again), already escaped. */
  extra?: string;
}

/** The page an invalid or refused launch answers: what went wrong, in words, and what to do. */
export function errorPageHtml(page: ErrorPage): string {
  const body = `<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
${page.extra ?? ''}<p class="hint">Error ${page.status}. If this keeps happening, show this page to whoever set Lectern up in your learning platform.</p>
</main>`;
  return htmlDocument(page.title, body);
}
