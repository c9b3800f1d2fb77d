import { useEffect, useState } from 'preact/hooks';
import { type ApiKey, api, type Budgets, type Counts, type Environment, type Page, type Usage } from '../api.js';
import { UsageChart } from '../chart.js';
import { describeError, KeyLabel, Notice, TableRegion, useLatest, usePoll, when } from '../components.js';

/** How often the figures and budgets are read again while the page is open (and the tab visible). */
const REFRESH_MS = 5_000;

interface Alert {
  id: string;
  created_at: string;
  data: { object: { key_id: string; key_name: string; hour: string; requests: number; hourly_quota: number; threshold_percent: number } };
}

function Totals({ counts, testId, keyId }: { counts: Counts; testId: string; keyId: string | null }) {
  return (
    <dl class="totals" data-testid={testId} data-key-id={keyId ?? 'all'}>
      <div>
        <dt>Requests</dt>
        <dd data-field="requests">{counts.requests}</dd>
      </div>
      <div>
        <dt>2xx</dt>
        <dd data-field="status_2xx">{counts.status_2xx}</dd>
      </div>
      <div class="mark-4xx">
        <dt>4xx</dt>
        <dd data-field="status_4xx">{counts.status_4xx}</dd>
      </div>
      <div class="mark-429">
        <dt>429</dt>
        <dd data-field="status_429">{counts.status_429}</dd>
      </div>
      <div class="mark-5xx">
        <dt>5xx</dt>
        <dd data-field="status_5xx">{counts.status_5xx}</dd>
      </div>
    </dl>
  );
}

/** Requests per hour (24 h) and per day (30 days), per key or all; budgets and usage alerts. */
export function UsagePage({ environment }: { environment: Environment }) {
  const base = `/environments/${environment}`;
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [keyId, setKeyId] = useState('');
  const [hourly, setHourly] = useState<Usage | null>(null);
  const [daily, setDaily] = useState<Usage | null>(null);
  const [budgets, setBudgets] = useState<Budgets | null>(null);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<Page<ApiKey>>('GET', `${base}/api-keys`)
      .then((r) => setKeys(r.data))
      .catch((err: unknown) => setError(describeError(err)));
    api<Page<Alert>>('GET', `${base}/events?type=usage.threshold_reached&per_page=20`)
      .then((r) => setAlerts(r.data))
      .catch((err: unknown) => setError(describeError(err)));
  }, [environment]);

  // Answers can arrive in any order: one for a choice the user has since changed (every key, then
  // one key) must not replace the figures of the current choice.
  const latestUsage = useLatest();
  const latestBudgets = useLatest();
  /** Reads the figures (and the chosen key's budgets) of the current choice; `fresh` clears the budgets of another key first. */
  const read = (fresh: boolean) => {
    const only = keyId ? `&key_id=${keyId}` : '';
    const figures = Promise.all([api<{ data: Usage }>('GET', `${base}/usage?granularity=hour${only}`), api<{ data: Usage }>('GET', `${base}/usage?granularity=day${only}`)]);
    latestUsage(figures, ([h, d]) => {
      setHourly(h.data);
      setDaily(d.data);
    }).catch((err: unknown) => setError(describeError(err)));
    if (fresh) setBudgets(null);
    const budgetsOf = keyId ? api<{ data: Budgets }>('GET', `${base}/rate-limits?key_id=${keyId}`).then((r) => r.data) : Promise.resolve(null);
    latestBudgets(budgetsOf, setBudgets).catch((err: unknown) => setError(describeError(err)));
  };
  useEffect(() => read(true), [environment, keyId]);
  // Requests keep coming while the page is open: the figures follow (through useLatest, so a
  // refresh never replaces the answer for a newer choice).
  usePoll(() => read(false), REFRESH_MS, [environment, keyId]);

  const keyName = (id: string, name?: string | null) => name ?? keys.find((k) => k.id === id)?.name ?? null;

  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      {error && <Notice error>{error}</Notice>}
      <label for="usage-key">Key</label>
      <select id="usage-key" value={keyId} onChange={(e) => setKeyId((e.target as HTMLSelectElement).value)}>
        <option value="">Every key</option>
        {keys.map((key) => (
          <option key={key.id} value={key.id}>
            {key.name} ({key.id})
          </option>
        ))}
      </select>
      {hourly && (
        <section class="card" aria-labelledby="hourly-title">
          <h2 id="hourly-title">Last 24 hours, per hour</h2>
          <p class="figures-of">
            Of {hourly.key_id ? <KeyLabel id={hourly.key_id} name={keyName(hourly.key_id)} /> : 'every key'}
          </p>
          <Totals counts={hourly.totals} testId="totals-24h" keyId={hourly.key_id} />
          <UsageChart usage={hourly} label="Requests per hour, last 24 hours" />
        </section>
      )}
      {daily && (
        <section class="card" aria-labelledby="daily-title">
          <h2 id="daily-title">Last 30 days, per day</h2>
          <p class="figures-of">
            Of {daily.key_id ? <KeyLabel id={daily.key_id} name={keyName(daily.key_id)} /> : 'every key'}
          </p>
          <Totals counts={daily.totals} testId="totals-30d" keyId={daily.key_id} />
          <UsageChart usage={daily} label="Requests per day, last 30 days" />
        </section>
      )}
      {hourly && hourly.keys.length > 0 && (
        <TableRegion label="Usage per key, last 24 hours">
          <table>
            <caption>Per key, last 24 hours</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Requests</th>
                <th scope="col">2xx</th>
                <th scope="col">4xx</th>
                <th scope="col">429</th>
                <th scope="col">5xx</th>
              </tr>
            </thead>
            <tbody>
              {hourly.keys.map((k) => (
                <tr key={k.key_id} data-key-id={k.key_id}>
                  <th scope="row" data-label="Key">
                    <KeyLabel id={k.key_id} name={keyName(k.key_id, k.key_name)} />
                  </th>
                  <td data-label="Requests">{k.requests}</td>
                  <td data-label="2xx">{k.status_2xx}</td>
                  <td class={k.status_4xx > 0 ? 'mark-4xx' : ''} data-label="4xx">
                    {k.status_4xx}
                  </td>
                  <td class={k.status_429 > 0 ? 'mark-429' : ''} data-label="429">
                    {k.status_429}
                  </td>
                  <td class={k.status_5xx > 0 ? 'mark-5xx' : ''} data-label="5xx">
                    {k.status_5xx}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <section class="card" aria-labelledby="budgets-title">
        <h2 id="budgets-title">Current budgets</h2>
        {!keyId && <p>Pick a key to see its rate-limit budgets (as GET /rate-limits shows them to the key).</p>}
        {budgets?.hourly && budgets.burst && (
          <dl class="budgets" data-testid="budgets">
            <div>
              <dt>Hourly quota</dt>
              <dd>
                {budgets.hourly.remaining} of {budgets.hourly.limit} left
              </dd>
            </div>
            <div>
              <dt>Burst</dt>
              <dd>
                {budgets.burst.remaining} of {budgets.burst.limit} left ({budgets.burst.refill_per_minute}/min)
              </dd>
            </div>
            {Object.entries(budgets.endpoints).map(([group, window]) => (
              <div key={group}>
                <dt>{group}</dt>
                <dd>
                  {window.remaining} of {window.limit} left this hour
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section class="card" aria-labelledby="alerts-title">
        <h2 id="alerts-title">Usage alerts</h2>
        <p>A key that reaches 80% of its hourly quota records a usage.threshold_reached event, delivered to subscribed webhook endpoints.</p>
        {alerts.length === 0 ? (
          <p>No alerts in the last 30 days.</p>
        ) : (
          <ul>
            {alerts.map((alert) => (
              <li key={alert.id}>
                {when(alert.created_at)}: {alert.data.object.key_name || alert.data.object.key_id} reached {alert.data.object.threshold_percent}% ({alert.data.object.requests} of{' '}
                {alert.data.object.hourly_quota}) in the hour from {when(alert.data.object.hour)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
