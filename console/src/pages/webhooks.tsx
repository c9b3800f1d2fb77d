import { useEffect, useState } from 'preact/hooks';
import { api, type Delivery, type Endpoint, type Environment, type Page, type Profile } from '../api.js';
import { clock, confirmLeave, describeError, keepEnterOnCheckbox, Notice, OnceSecret, TableRegion, useLatest, usePoll, when } from '../components.js';

/** How often the open endpoint's deliveries are read again while the page is open (and the tab visible). */
const REFRESH_MS = 5_000;

/**
 * What became of a delivery, in words: a failed attempt that will be retried says when (and which
 * attempt that will be), a final failure says it will not be retried (only Redeliver sends it again).
 */
export function deliveryState(delivery: Delivery, maxAttempts: number): string {
  const last = delivery.attempts.at(-1);
  const answer = last ? (last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? 'no answer')) : null;
  if (delivery.status === 'succeeded') return answer ? `succeeded (${answer})` : 'succeeded';
  if (delivery.status === 'failed') return `failed${answer ? ` (${answer})` : ''}: will not be retried`;
  // Pending: not tried yet, or sent again on request after a success, or failed and waiting for its retry.
  const lastFailed = last !== undefined && (last.status_code === null || last.status_code >= 300);
  if (!lastFailed) return delivery.next_attempt_at ? `pending: next attempt at ${clock(delivery.next_attempt_at)}` : 'pending';
  if (delivery.next_attempt_at) return `failed (${answer}): will retry at ${clock(delivery.next_attempt_at)} (attempt ${delivery.attempt_count + 1} of ${maxAttempts})`;
  return `failed (${answer}): retrying`;
}

/** A signing secret's hint, and the previous secret's while it still signs (after a rotation). */
function SecretHints({ endpoint }: { endpoint: Endpoint }) {
  const previous = endpoint.previous_secret_hint && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > new Date().toISOString();
  return (
    <>
      {endpoint.secret_hint ? <code>{endpoint.secret_hint}</code> : '—'}
      {previous && (
        <span class="previous" data-testid="previous-secret">
          previous secret <code>{endpoint.previous_secret_hint}</code> valid until {when(endpoint.previous_secret_expires_at)}
        </span>
      )}
    </>
  );
}

/** `student.*`, `course.*`…: each family of the catalogue, then its types. */
function families(types: string[]): [string, string[]][] {
  const grouped = new Map<string, string[]>();
  for (const type of types) {
    const family = `${type.split('.')[0]}.*`;
    grouped.set(family, [...(grouped.get(family) ?? []), type]);
  }
  return [...grouped];
}

/** Webhook endpoints of the active environment, their secrets (shown once), tests and deliveries. */
export function WebhooksPage({ environment, profile }: { environment: Environment; profile: Profile }) {
  const base = `/environments/${environment}`;
  const canManage = profile.user.role !== 'viewer';
  const [endpoints, setEndpoints] = useState<Endpoint[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [fresh, setFresh] = useState<{ label: string; value: string } | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['*']);
  const [open, setOpen] = useState<string | null>(null);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);

  const latestEndpoints = useLatest();
  const latestDeliveries = useLatest();
  const load = () =>
    latestEndpoints(api<Page<Endpoint>>('GET', `${base}/webhook-endpoints`), (r) => setEndpoints(r.data)).catch((err: unknown) => setError(describeError(err)));
  const loadDeliveries = (id: string) =>
    latestDeliveries(api<Page<Delivery>>('GET', `${base}/webhook-endpoints/${id}/deliveries?per_page=20`), (r) => setDeliveries(r.data)).catch((err: unknown) =>
      setError(describeError(err)),
    );
  useEffect(() => void load(), [environment]);
  // The open endpoint's deliveries change by themselves (retries, new events): read again while open.
  usePoll(
    () => {
      if (open) void loadDeliveries(open);
    },
    REFRESH_MS,
    [open, environment],
  );

  const act = async (run: () => Promise<void>) => {
    setError(null);
    setNews(null);
    try {
      await run();
      await load();
      if (open) await loadDeliveries(open);
    } catch (err) {
      setError(describeError(err));
    }
  };

  const create = (event: Event) => {
    event.preventDefault();
    // A new secret would replace one still on screen and not copied.
    if (!confirmLeave()) return;
    void act(async () => {
      const created = (await api<{ data: Endpoint }>('POST', `${base}/webhook-endpoints`, { url, description, events })).data;
      setFresh({ label: `Signing secret of ${created.url}`, value: created.secret ?? '' });
      setUrl('');
      setDescription('');
    });
  };
  const toggle = (endpoint: Endpoint) => act(async () => void (await api('PATCH', `${base}/webhook-endpoints/${endpoint.id}`, { enabled: !endpoint.enabled })));
  const rotate = (endpoint: Endpoint) =>
    act(async () => {
      if (!confirmLeave()) return;
      if (!confirm(`Rotate the signing secret of ${endpoint.url}? The old one keeps signing for 24 hours.`)) return;
      const rotated = (await api<{ data: Endpoint }>('POST', `${base}/webhook-endpoints/${endpoint.id}/rotate-secret`)).data;
      setFresh({ label: `New signing secret of ${rotated.url}`, value: rotated.secret ?? '' });
    });
  const test = (endpoint: Endpoint) =>
    act(async () => {
      const delivery = (await api<{ data: Delivery }>('POST', `${base}/webhook-endpoints/${endpoint.id}/test`)).data;
      setNews(`Test event sent to ${endpoint.url}: ${deliveryState(delivery, profile.webhook_max_attempts)}.`);
      setOpen(endpoint.id);
      await loadDeliveries(endpoint.id);
    });
  const remove = (endpoint: Endpoint) =>
    act(async () => {
      if (!confirm(`Delete the endpoint ${endpoint.url}? Its pending deliveries are dropped.`)) return;
      await api('DELETE', `${base}/webhook-endpoints/${endpoint.id}`);
    });
  const redeliver = (delivery: Delivery) =>
    act(async () => {
      const again = (await api<{ data: Delivery }>('POST', `${base}/webhook-deliveries/${delivery.id}/retry`)).data;
      setNews(`Delivery ${again.id} sent again: ${deliveryState(again, profile.webhook_max_attempts)}.`);
    });
  const show = (id: string) => {
    const next = open === id ? null : id;
    setOpen(next);
    if (next) void loadDeliveries(next);
  };
  /** A family picks each of its types (the API subscribes to types; a new type of the family is not included automatically). */
  const toggleFamily = (types: string[], on: boolean) =>
    setEvents((current) => (on ? [...new Set([...current.filter((e) => e !== '*'), ...types])] : current.filter((e) => !types.includes(e))));
  const toggleEvent = (type: string, on: boolean) => {
    if (type === '*') return setEvents(on ? ['*'] : []);
    setEvents((current) => (on ? [...current.filter((e) => e !== '*'), type] : current.filter((e) => e !== type)));
  };

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title" tabIndex={-1}>
        Webhooks
      </h1>
      {error && <Notice error>{error}</Notice>}
      {news && <Notice>{news}</Notice>}
      {fresh && <OnceSecret label={fresh.label} value={fresh.value} onDone={() => setFresh(null)} returnFocus="webhooks-title" />}
      {canManage && (
        <form class="card" onSubmit={create} aria-labelledby="create-endpoint-title">
          <h2 id="create-endpoint-title">Add an endpoint</h2>
          <label for="endpoint-url">URL</label>
          <input id="endpoint-url" type="url" required placeholder="https://lms.example.com/webhooks" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
          <label for="endpoint-description">Description</label>
          <input id="endpoint-description" maxLength={500} value={description} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} />
          <fieldset onKeyDown={keepEnterOnCheckbox}>
            <legend>Events</legend>
            <label class="choice">
              <input type="checkbox" checked={events.includes('*')} onChange={(e) => toggleEvent('*', (e.target as HTMLInputElement).checked)} />
              Every event (*)
            </label>
            {families(profile.event_types).map(([family, types]) => (
              <details key={family}>
                <summary>{family}</summary>
                <div class="choices">
                  <label class="choice">
                    <input
                      type="checkbox"
                      checked={types.every((type) => events.includes(type))}
                      onChange={(e) => toggleFamily(types, (e.target as HTMLInputElement).checked)}
                    />
                    All of {family}
                  </label>
                  {types.map((type) => (
                    <label key={type} class="choice">
                      <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggleEvent(type, (e.target as HTMLInputElement).checked)} />
                      {type}
                    </label>
                  ))}
                </div>
              </details>
            ))}
          </fieldset>
          <button type="submit" disabled={events.length === 0}>
            Add endpoint
          </button>
        </form>
      )}
      <TableRegion label="Webhook endpoints">
        <table>
          <caption>Endpoints of this environment</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Description</th>
              <th scope="col">Events</th>
              <th scope="col">Signing secret</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id} data-endpoint-id={endpoint.id}>
                <th scope="row" data-label="URL">
                  {endpoint.url}
                </th>
                <td data-label="Description">{endpoint.description}</td>
                <td data-label="Events">{endpoint.events.join(', ')}</td>
                <td data-label="Signing secret">
                  <SecretHints endpoint={endpoint} />
                </td>
                <td data-label="State">{endpoint.enabled ? 'Enabled' : endpoint.disabled_reason === 'failing' ? 'Disabled (failing)' : 'Disabled'}</td>
                <td class="row-actions" data-label="Actions">
                  <button type="button" class="secondary" onClick={() => show(endpoint.id)} aria-expanded={open === endpoint.id} aria-label={`Deliveries of ${endpoint.url}`}>
                    Deliveries
                  </button>
                  {canManage && (
                    <>
                      <button type="button" onClick={() => void test(endpoint)} aria-label={`Send a test event to ${endpoint.url}`}>
                        Send test
                      </button>
                      <button type="button" class="secondary" onClick={() => void toggle(endpoint)}>
                        {endpoint.enabled ? 'Disable' : 'Enable'}
                      </button>
                      <button type="button" class="secondary" onClick={() => void rotate(endpoint)} aria-label={`Rotate the secret of ${endpoint.url}`}>
                        Rotate secret
                      </button>
                      <button type="button" class="danger" onClick={() => void remove(endpoint)} aria-label={`Delete ${endpoint.url}`}>
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {endpoints.length === 0 && <p>No endpoints in this environment yet.</p>}
      {open && (
        <section aria-labelledby="deliveries-title" class="card">
          <h2 id="deliveries-title">Deliveries of {endpoints.find((e) => e.id === open)?.url}</h2>
          <TableRegion label="Deliveries">
            <table>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last response</th>
                  <th scope="col">Latency</th>
                  <th scope="col">Created</th>
                  {canManage && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => {
                  const last = delivery.attempts.at(-1);
                  return (
                    <tr key={delivery.id} data-delivery-id={delivery.id} data-delivery-status={delivery.status} data-attempts={delivery.attempt_count}>
                      <th scope="row" data-label="Event">
                        {delivery.event_type}
                      </th>
                      <td data-label="Status">{deliveryState(delivery, profile.webhook_max_attempts)}</td>
                      <td data-label="Attempts">{delivery.attempt_count}</td>
                      <td data-label="Last response">
                        {last ? (last.status_code ?? last.error ?? '—') : '—'} <span class="excerpt">{last?.response_excerpt.slice(0, 80)}</span>
                      </td>
                      <td data-label="Latency">{last ? `${last.latency_ms} ms` : '—'}</td>
                      <td class="time" data-label="Created">
                        {when(delivery.created_at)}
                      </td>
                      {canManage && (
                        <td class="row-actions" data-label="Actions">
                          <button type="button" class="secondary" onClick={() => void redeliver(delivery)}>
                            Redeliver
                          </button>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
          {deliveries.length === 0 && <p>No deliveries yet.</p>}
        </section>
      )}
    </section>
  );
}
