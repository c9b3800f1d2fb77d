import { useEffect, useState } from 'preact/hooks';
import { api, type Environment, type Page, type RequestLog } from '../api.js';
import { describeError, KeyLabel, Notice, TableRegion, useLatest, when } from '../components.js';

/** The failed API requests of the last 7 days, searchable by request id. */
export function LogsPage({ environment }: { environment: Environment }) {
  const [entries, setEntries] = useState<RequestLog[]>([]);
  const [total, setTotal] = useState(0);
  const [requestId, setRequestId] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const latest = useLatest();
  const search = (event?: Event) => {
    event?.preventDefault();
    setError(null);
    const query = new URLSearchParams({ per_page: '50' });
    if (requestId.trim()) query.set('request_id', requestId.trim());
    if (status) query.set('status', status);
    latest(api<Page<RequestLog>>('GET', `/environments/${environment}/request-logs?${query}`), (r) => {
      setEntries(r.data);
      setTotal(r.pagination.total ?? r.data.length);
    }).catch((err: unknown) => setError(describeError(err)));
  };
  useEffect(() => search(), [environment]);

  return (
    <section aria-labelledby="logs-title">
      <h1 id="logs-title">Request log</h1>
      <p>Requests of this environment that failed (4xx, 5xx) in the last 7 days. Look one up by the request_id of its error.</p>
      <form class="card search" role="search" onSubmit={search}>
        <label for="request-id">Request id</label>
        <input id="request-id" placeholder="req_…" value={requestId} onInput={(e) => setRequestId((e.target as HTMLInputElement).value)} />
        <label for="status">Status</label>
        <select id="status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
          <option value="">Any failure</option>
          <option value="4xx">4xx</option>
          <option value="5xx">5xx</option>
          <option value="404">404</option>
          <option value="429">429</option>
        </select>
        <button type="submit">Search</button>
      </form>
      {error && <Notice error>{error}</Notice>}
      <Notice>
        {total} {total === 1 ? 'request' : 'requests'} found.
      </Notice>
      <TableRegion label="Failed requests">
        <table>
          <caption>Failed requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Request id</th>
              <th scope="col">Key</th>
              <th scope="col">Method</th>
              <th scope="col">Route</th>
              <th scope="col">Status</th>
              <th scope="col">Error</th>
              <th scope="col">Latency</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.request_id} data-request-id={entry.request_id}>
                <td class="time" data-label="Time">
                  {when(entry.created_at)}
                </td>
                <th scope="row" data-label="Request id">
                  <code>{entry.request_id}</code>
                </th>
                <td data-label="Key">
                  <KeyLabel id={entry.key_id} name={entry.key_name} />
                </td>
                <td data-label="Method">{entry.method}</td>
                <td data-label="Route">
                  <code>{entry.route}</code>
                </td>
                <td class={entry.status >= 500 ? 'mark-5xx' : entry.status === 429 ? 'mark-429' : 'mark-4xx'} data-label="Status">
                  {entry.status}
                </td>
                <td data-label="Error">{entry.error_code ?? '—'}</td>
                <td data-label="Latency">{entry.latency_ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
