import { escapeHtml, htmlDocument } from './lti-error-page.js';

/**
 * The pages that keep a launch's `state` in the browser without third-party cookies: the LTI
 * platform storage (LTI Client Side postMessages, `lti.put_data` / `lti.get_data`), which the LMS
 * offers to the frame named by `lti_storage_target`. Their one script is LTI_STORAGE_SCRIPT, served
 * by Lectern at LTI_STORAGE_SCRIPT_PATH (no inline script: the pages' CSP allows `'self'` only);
 * each page hands it its data in `data-` attributes.
 */
export const LTI_STORAGE_SCRIPT_PATH = '/lti/assets/lti-storage.js';

/** The platform storage key of a state. */
export const storageKey = (state: string): string => `lectern_state_${state}`;

/**
 * The login's page when the platform offers its storage: stores the state there (sent only to the
 * exact origin of the platform's auth endpoint), then goes on to that endpoint whatever the answer
 * (a failure leaves the cookie, or the "new window" page, to the launch).
 */
export function storeStatePage(input: { target: string; origin: string; state: string; next: string }): string {
  const data = `data-mode="put" data-target="${escapeHtml(input.target)}" data-origin="${escapeHtml(input.origin)}" data-key="${escapeHtml(storageKey(input.state))}" data-value="${escapeHtml(input.state)}" data-next="${escapeHtml(input.next)}"`;
  const body = `<main id="lti-storage" ${data}>
<p>Opening Lectern…</p>
<p class="hint"><a href="${escapeHtml(input.next)}">Continue</a> if nothing happens.</p>
</main>`;
  return htmlDocument('Opening Lectern', body, `<script src="${LTI_STORAGE_SCRIPT_PATH}" defer></script>\n`);
}

/**
 * The launch's page when the state cookie did not come back: reads the state from the platform
 * storage and, when it is the one the form carries, posts the launch again to Lectern from this
 * page (its own origin, which the launch checks) with `lti_storage_checked=1`. Else it shows the
 * "new window" link.
 */
export function checkStatePage(input: { target: string; origin: string; state: string; idToken: string; action: string; newWindowUrl: string }): string {
  const data = `data-mode="get" data-target="${escapeHtml(input.target)}" data-origin="${escapeHtml(input.origin)}" data-key="${escapeHtml(storageKey(input.state))}" data-expect="${escapeHtml(input.state)}"`;
  const body = `<main id="lti-storage" ${data}>
<form id="lti-repost" method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="id_token" value="${escapeHtml(input.idToken)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<input type="hidden" name="lti_storage_checked" value="1">
</form>
<p id="lti-wait">Opening Lectern…</p>
<div id="lti-fallback" hidden>${newWindowHtml(input.newWindowUrl)}</div>
<noscript>${newWindowHtml(input.newWindowUrl)}</noscript>
</main>`;
  return htmlDocument('Opening Lectern', body, `<script src="${LTI_STORAGE_SCRIPT_PATH}" defer></script>\n`);
}

/** The way out when the browser kept nothing: the same login again in a window of its own, where first-party cookies work. */
export function newWindowHtml(url: string): string {
  return `<p>Your browser blocked what Lectern needs to open inside this page.</p>
<p><a class="button" href="${escapeHtml(url)}" target="_blank" rel="noopener">Open in a new window</a></p>
`;
}

/**
 * The script of both pages. postMessage to the storage frame with the platform's exact origin as
 * target, answers taken only from that origin and with the message id sent; a second without an
 * answer counts as a failure.
 */
export const LTI_STORAGE_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('lti-storage');
  if (!root) return;
  var d = root.dataset;
  var target = d.target === '_parent' ? window.parent : (window.parent.frames[d.target] || window.parent);
  var id = 'lectern-' + Math.random().toString(36).slice(2) + Date.now().toString(36);
  var done = false;
  function finish(ok, value) {
    if (done) return;
    done = true;
    window.removeEventListener('message', onMessage);
    if (d.mode === 'put') { window.location.assign(d.next); return; }
    if (ok && value === d.expect) { document.getElementById('lti-repost').submit(); return; }
    document.getElementById('lti-wait').hidden = true;
    document.getElementById('lti-fallback').hidden = false;
  }
  function onMessage(event) {
    if (event.origin !== d.origin) return;
    var m = event.data;
    if (!m || typeof m !== 'object' || m.message_id !== id) return;
    if (m.subject !== 'lti.' + d.mode + '_data.response') return;
    finish(!m.error, m.value);
  }
  window.addEventListener('message', onMessage);
  var message = { subject: 'lti.' + d.mode + '_data', message_id: id, key: d.key };
  if (d.mode === 'put') message.value = d.value;
  try { target.postMessage(message, d.origin); } catch (e) { finish(false); return; }
  setTimeout(function () { finish(false); }, 1000);
})();
`;
