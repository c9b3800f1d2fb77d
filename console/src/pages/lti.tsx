import { useEffect, useState } from 'preact/hooks';
import { api, type Environment, fieldError, type Page, type Profile } from '../api.js';
import { clock, confirmLeave, describeError, Notice, OnceSecret, TableRegion, useLatest, usePoll, when } from '../components.js';

/** An LMS this environment accepts LTI launches from (GET /api/v1/lti/registrations). */
interface Registration {
  id: string;
  issuer: string;
  client_id: string;
  auth_login_url: string;
  auth_token_url: string;
  jwks_url: string;
  deployment_ids: string[];
  unknown_deployments: 'accept' | 'reject';
  created_at: string;
}

/** A score sent, or to be sent, to a line item of the LMS (GET /api/v1/lti/registrations/{id}/grade-sends). */
interface GradeSend {
  id: string;
  student_id: string;
  course_id: string;
  score_given: number;
  score_maximum: number;
  activity_progress: 'InProgress' | 'Completed';
  status: 'pending' | 'succeeded' | 'failed' | 'superseded';
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
}

/** How often the open registration's grade sends are read again (retries change them by themselves). */
const REFRESH_MS = 5_000;

/** What became of a send, in words. */
export function gradeSendState(send: GradeSend): string {
  const answer = send.last_status_code !== null ? `HTTP ${send.last_status_code}` : send.last_error;
  if (send.status === 'succeeded') return 'sent';
  if (send.status === 'superseded') return 'replaced by a newer score';
  if (send.status === 'failed') return `failed${answer ? ` (${answer})` : ''}: will not be retried`;
  if (send.attempt_count === 0) return 'pending';
  return `failed${answer ? ` (${answer})` : ''}: will retry${send.next_attempt_at ? ` at ${clock(send.next_attempt_at)}` : ''}`;
}

/** Lectern's own URLs, to paste into an LMS. */
interface ToolUrls {
  login_url: string;
  launch_url: string;
  jwks_url: string;
  deep_linking_url: string;
}

const emptyForm = { issuer: '', client_id: '', auth_login_url: '', auth_token_url: '', jwks_url: '', deployment_ids: '', unknown_deployments: 'accept' as 'accept' | 'reject' };

/** Deployment ids typed one a line or separated by commas. */
const splitIds = (text: string) => [...new Set(text.split(/[\n,]/).map((id) => id.trim()).filter((id) => id !== ''))];

/** How long a new registration link works, in seconds. */
const linkLives = [
  { seconds: 3_600, label: '1 hour' },
  { seconds: 86_400, label: '1 day' },
  { seconds: 7 * 86_400, label: '7 days' },
  { seconds: 30 * 86_400, label: '30 days' },
];

/**
 * LTI 1.3: the LMSs (platforms) this environment accepts launches from, added by hand or through a
 * one-time Dynamic Registration link, and Lectern's own URLs to paste into an LMS. Everyone reads;
 * owners and developers add, change the deployment policy and delete (docs/lti.md).
 */
export function LtiPage({ environment, profile }: { environment: Environment; profile: Profile }) {
  const base = `/environments/${environment}`;
  const canManage = profile.user.role !== 'viewer';
  const [registrations, setRegistrations] = useState<Registration[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [tool, setTool] = useState<ToolUrls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const [news, setNews] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [linkLife, setLinkLife] = useState(7 * 86_400);
  const [form, setForm] = useState(emptyForm);
  const [open, setOpen] = useState<string | null>(null);
  const [sends, setSends] = useState<GradeSend[]>([]);

  const latest = useLatest();
  const latestSends = useLatest();
  const loadSends = (id: string) =>
    latestSends(api<Page<GradeSend>>('GET', `${base}/lti/registrations/${id}/grade-sends?per_page=50`), (r) => setSends(r.data)).catch((err: unknown) => setError(describeError(err)));
  usePoll(
    () => {
      if (open) void loadSends(open);
    },
    REFRESH_MS,
    [open, environment],
  );
  const showSends = (id: string) => {
    const next = open === id ? null : id;
    setOpen(next);
    setSends([]);
    if (next) void loadSends(next);
  };
  const load = () =>
    latest(api<Page<Registration>>('GET', `${base}/lti/registrations`), (r) => {
      setRegistrations(r.data);
      setLoaded(true);
    }).catch((err: unknown) => setError(describeError(err)));
  useEffect(() => void load(), [environment]);
  useEffect(() => {
    api<{ data: ToolUrls }>('GET', '/lti/tool-urls')
      .then((r) => setTool(r.data))
      .catch((err: unknown) => setError(describeError(err)));
  }, []);

  const act = async (run: () => Promise<void>) => {
    setError(null);
    setNews(null);
    try {
      await run();
      await load();
    } catch (err) {
      setError(describeError(err));
    }
  };

  const newLink = () =>
    act(async () => {
      // A new link would replace one still on screen and not copied.
      if (!confirmLeave()) return;
      const made = (await api<{ data: { url: string; expires_at: string } }>('POST', `${base}/lti/registration-links`, { expires_in_seconds: linkLife })).data;
      setLink(made);
    });

  const add = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    setError(null);
    setNews(null);
    try {
      const created = (
        await api<{ data: Registration }>('POST', `${base}/lti/registrations`, {
          issuer: form.issuer.trim(),
          client_id: form.client_id.trim(),
          auth_login_url: form.auth_login_url.trim(),
          auth_token_url: form.auth_token_url.trim(),
          jwks_url: form.jwks_url.trim(),
          deployment_ids: splitIds(form.deployment_ids),
          unknown_deployments: form.unknown_deployments,
        })
      ).data;
      setForm(emptyForm);
      setNews(`Registered ${created.issuer} (client id ${created.client_id}).`);
      await load();
    } catch (err) {
      setFormError(err);
    }
  };

  const setPolicy = (registration: Registration, policy: 'accept' | 'reject') =>
    act(async () => {
      await api('PATCH', `${base}/lti/registrations/${registration.id}`, { unknown_deployments: policy });
      setNews(`${registration.issuer}: unknown deployments are ${policy === 'accept' ? 'accepted and recorded' : 'refused'} from now on.`);
    });

  const remove = (registration: Registration) =>
    act(async () => {
      if (!confirm(`Delete the registration of ${registration.issuer} (client id ${registration.client_id})? Launches from it are refused from then on.`)) return;
      await api('DELETE', `${base}/lti/registrations/${registration.id}`);
      if (open === registration.id) setOpen(null);
      setNews(`Deleted the registration of ${registration.issuer}.`);
    });

  const field = (name: keyof typeof emptyForm, label: string, hint: string, type = 'url') => (
    <>
      <label for={`lti-${name}`}>{label}</label>
      <input
        id={`lti-${name}`}
        type={type}
        required
        placeholder={hint}
        value={form[name]}
        aria-invalid={fieldError(formError, name) ? true : undefined}
        onInput={(e) => setForm({ ...form, [name]: (e.target as HTMLInputElement).value })}
      />
      {fieldError(formError, name) && <Notice error>{fieldError(formError, name)}</Notice>}
    </>
  );

  return (
    <section aria-labelledby="lti-title">
      <h1 id="lti-title" tabIndex={-1}>
        LTI
      </h1>
      <p>
        The learning platforms (Canvas, Moodle, Brightspace, Blackboard…) that may launch this environment's courses over LTI 1.3. Add one with a Dynamic Registration link, or by
        hand with the values the LMS shows. The guide for each LMS is in docs/lti.md.
      </p>
      {error && <Notice error>{error}</Notice>}
      {news && <Notice>{news}</Notice>}
      {link && (
        <>
          <OnceSecret label="Dynamic Registration URL" value={link.url} onDone={() => setLink(null)} returnFocus="lti-title" />
          <Notice>
            Paste it into the LMS where it registers a tool by URL. It registers one LMS in this environment, once, until {when(link.expires_at)}.
          </Notice>
        </>
      )}

      {tool && (
        <TableRegion label="Lectern's LTI URLs">
          <table>
            <caption>Lectern's URLs, to paste into an LMS</caption>
            <thead>
              <tr>
                <th scope="col">What the LMS asks for</th>
                <th scope="col">URL</th>
              </tr>
            </thead>
            <tbody>
              {[
                ['OIDC login / initiation URL', tool.login_url],
                ['Redirect / target link / launch URL', tool.launch_url],
                ['Public keyset (JWKS) URL', tool.jwks_url],
                ['Deep linking URL', tool.deep_linking_url],
              ].map(([what, url]) => (
                <tr key={what}>
                  <th scope="row" data-label="For">
                    {what}
                  </th>
                  <td data-label="URL">
                    <code>{url}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}

      {canManage && (
        <div class="card" role="group" aria-labelledby="lti-link-title">
          <h2 id="lti-link-title">Dynamic Registration</h2>
          <p>For an LMS that registers a tool from a URL (Moodle 4, Brightspace): a link that works once, shown once.</p>
          <label for="lti-link-life">Valid for</label>
          <select id="lti-link-life" value={String(linkLife)} onChange={(e) => setLinkLife(Number((e.target as HTMLSelectElement).value))}>
            {linkLives.map((life) => (
              <option key={life.seconds} value={String(life.seconds)}>
                {life.label}
              </option>
            ))}
          </select>{' '}
          <button type="button" onClick={() => void newLink()}>
            New registration link
          </button>
        </div>
      )}

      <TableRegion label="LTI registrations">
        <table>
          <caption>Registered platforms of this environment</caption>
          <thead>
            <tr>
              <th scope="col">Issuer</th>
              <th scope="col">Client id</th>
              <th scope="col">Deployments</th>
              <th scope="col">Unknown deployments</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {registrations.map((registration) => (
              <tr key={registration.id} data-registration-id={registration.id}>
                <th scope="row" data-label="Issuer">
                  {registration.issuer}
                </th>
                <td data-label="Client id">
                  <code>{registration.client_id}</code>
                </td>
                <td data-label="Deployments">{registration.deployment_ids.length === 0 ? '—' : registration.deployment_ids.map((id) => <code key={id}>{id} </code>)}</td>
                <td data-label="Unknown deployments">
                  {canManage ? (
                    <select
                      aria-label={`Unknown deployments of ${registration.issuer}`}
                      value={registration.unknown_deployments}
                      onChange={(e) => void setPolicy(registration, (e.target as HTMLSelectElement).value as 'accept' | 'reject')}
                    >
                      <option value="accept">accept and record</option>
                      <option value="reject">reject</option>
                    </select>
                  ) : registration.unknown_deployments === 'accept' ? (
                    'accept and record'
                  ) : (
                    'reject'
                  )}
                </td>
                <td class="time" data-label="Created">
                  {when(registration.created_at)}
                </td>
                <td class="row-actions" data-label="Actions">
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => showSends(registration.id)}
                    aria-expanded={open === registration.id}
                    aria-label={`Grade sends of ${registration.issuer}`}
                  >
                    Grade sends
                  </button>
                  {canManage && (
                    <button type="button" class="danger" onClick={() => void remove(registration)} aria-label={`Delete the registration of ${registration.issuer}`}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {loaded && registrations.length === 0 && <p>No LMS is registered in this environment yet.</p>}
      {open && (
        <section class="card" aria-labelledby="grade-sends-title">
          <h2 id="grade-sends-title">Grade sends to {registrations.find((r) => r.id === open)?.issuer}</h2>
          <p>The course scores sent to this LMS's gradebook, newest first. A failed send is retried on 5xx, 429 and network errors; another 4xx fails it for good.</p>
          <TableRegion label="Grade sends">
            <table>
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Course</th>
                  <th scope="col">Score</th>
                  <th scope="col">State</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {sends.map((send) => (
                  <tr key={send.id} data-grade-send-id={send.id} data-grade-send-status={send.status}>
                    <th scope="row" data-label="Student">
                      <code>{send.student_id}</code>
                    </th>
                    <td data-label="Course">
                      <code>{send.course_id}</code>
                    </td>
                    <td data-label="Score">
                      {send.score_given} / {send.score_maximum} ({send.activity_progress === 'Completed' ? 'completed' : 'in progress'})
                    </td>
                    <td data-label="State">{gradeSendState(send)}</td>
                    <td data-label="Attempts">{send.attempt_count}</td>
                    <td class="time" data-label="Created">
                      {when(send.created_at)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {sends.length === 0 && <p>No grade sends yet.</p>}
        </section>
      )}

      {canManage && (
        <form class="card" onSubmit={(e) => void add(e)} aria-labelledby="lti-add-title">
          <h2 id="lti-add-title">Add an LMS by hand</h2>
          <p>The values the LMS shows once Lectern is added to it as an LTI 1.3 tool.</p>
          {field('issuer', 'Issuer', 'https://canvas.instructure.com', 'text')}
          {field('client_id', 'Client id', '10000000000042', 'text')}
          {field('auth_login_url', 'Authorization (OIDC auth) URL', 'https://lms.example/auth')}
          {field('auth_token_url', 'Access token URL', 'https://lms.example/token')}
          {field('jwks_url', 'Platform keyset (JWKS) URL', 'https://lms.example/jwks')}
          <label for="lti-deployment_ids">Deployment ids (one a line; optional)</label>
          <textarea
            id="lti-deployment_ids"
            rows={2}
            style="width:100%;font:inherit;padding:8px;border:1px solid #8a94a3;border-radius:6px;box-sizing:border-box"
            value={form.deployment_ids}
            onInput={(e) => setForm({ ...form, deployment_ids: (e.target as HTMLTextAreaElement).value })}
          />
          <label for="lti-unknown_deployments">Unknown deployments</label>
          <select
            id="lti-unknown_deployments"
            value={form.unknown_deployments}
            onChange={(e) => setForm({ ...form, unknown_deployments: (e.target as HTMLSelectElement).value as 'accept' | 'reject' })}
          >
            <option value="accept">accept and record</option>
            <option value="reject">reject</option>
          </select>
          {formError !== null && <Notice error>{describeError(formError)}</Notice>}
          <div>
            <button type="submit">Add registration</button>
          </div>
        </form>
      )}
    </section>
  );
}
