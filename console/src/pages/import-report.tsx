import type { Environment } from '../api.js';
import { Notice, TableRegion, when } from '../components.js';
import { type Import, type ImportCounts, type ImportResult, isActive, resultsUrl } from '../imports-api.js';

/** A status in words. */
export function statusText(status: Import['status']): string {
  return status === 'awaiting_confirmation' ? 'waiting for confirmation' : status.replaceAll('_', ' ');
}

/** What the file was: "CSV of students", "NDJSON", "zip". */
export function formatText(imp: Import): string {
  if (imp.format === 'csv') return imp.type ? `CSV of ${imp.type}` : 'CSV';
  if (imp.format === 'ndjson') return 'NDJSON';
  if (imp.format === 'zip') return 'zip';
  return imp.type ?? '—';
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** "120 of 200 rows" (the total is known once the file has been read). */
export function progressText(imp: Import): string {
  const { done, total } = imp.progress;
  if (total === null || total === undefined) return rows(done);
  if (imp.status === 'awaiting_confirmation') return `${rows(total)} read, none applied yet`;
  return `${done} of ${rows(total)}`;
}

const countLabels: [keyof ImportCounts, string][] = [
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['deactivated', 'Deactivated'],
  ['skipped', 'Skipped'],
  ['failed', 'Failed'],
];

/** The non-zero counts in a line: "3 created · 1 failed" (or "no rows"). */
export function countsText(counts: ImportCounts): string {
  const parts = countLabels.filter(([name]) => counts[name] > 0).map(([name]) => `${counts[name]} ${name}`);
  return parts.length === 0 ? '—' : parts.join(' · ');
}

/** How many objects a waiting full sync would deactivate, in words. */
function pendingText(imp: Import): string {
  const pending = imp.pending_deactivation;
  if (!pending) return 'students and enrollments';
  const students = `${pending.students} ${pending.students === 1 ? 'student' : 'students'}`;
  const enrollments = `${pending.enrollments} ${pending.enrollments === 1 ? 'enrollment' : 'enrollments'}`;
  if (pending.enrollments === 0) return students;
  if (pending.students === 0) return enrollments;
  return `${pending.total} (${students} and ${enrollments})`;
}

export interface ReportProps {
  environment: Environment;
  imp: Import;
  failures: { rows: ImportResult[]; hasMore: boolean } | null;
  canManage: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * One import's report: its counts (a dry run's marked as such: nothing was written), the failed rows
 * with their physical line, the full sync waiting for a confirmation, and the results to download.
 */
export function ImportReport({ environment, imp, failures, canManage, busy, onConfirm, onCancel }: ReportProps) {
  const waiting = imp.status === 'awaiting_confirmation';
  const pending = imp.pending_deactivation;
  return (
    <section class="card import-report" aria-labelledby="import-report-title" data-import-id={imp.id} data-import-status={imp.status}>
      <h2 id="import-report-title" tabIndex={-1}>
        Report of <code>{imp.id}</code>
      </h2>
      {imp.dry_run && (
        <p class="notice dry-run" data-testid="dry-run-notice">
          <strong>Dry run: nothing was written.</strong> The counts and failed rows below are what this import would do; run it again without "Dry run" to apply it.
        </p>
      )}
      <p>
        {formatText(imp)}, {imp.mode.replace('_', ' ')}, {imp.sync === 'full' ? `full sync of source “${imp.source ?? ''}” (at most ${imp.max_delete_percent}% deactivated without a confirmation)` : 'delta'}
        {imp.sync === 'delta' && imp.source ? `, source “${imp.source}”` : ''}. Uploaded {when(imp.created_at)}
        {imp.completed_at ? `, finished ${when(imp.completed_at)}` : ''}.
      </p>
      {/* Only a change of status is read out, not each refresh of the progress. */}
      <p data-testid="import-status">
        <strong role="status">{statusText(imp.status)}</strong>: {progressText(imp)}
        {isActive(imp.status) && ' (refreshing)'}
      </p>
      {isActive(imp.status) && <progress max={imp.progress.total ?? undefined} value={imp.progress.done} aria-label={`Progress of ${imp.id}`} />}
      <dl class="totals" data-testid="import-counts" aria-label={imp.dry_run ? 'Counts (dry run: nothing was written)' : 'Counts'}>
        {countLabels.map(([name, label]) => (
          <div key={name} class={name === 'failed' && imp.counts.failed > 0 ? 'mark-5xx' : ''} data-count={name}>
            <dt>{imp.dry_run ? `${label} (would be)` : label}</dt>
            <dd>{imp.counts[name]}</dd>
          </div>
        ))}
      </dl>
      {imp.error && (
        <Notice error>
          The import failed and wrote nothing: {imp.error.message} ({imp.error.code}
          {imp.error.file && imp.error.file !== '-' ? `, ${imp.error.file}` : ''}
          {imp.error.line ? `, line ${imp.error.line}` : ''}).
        </Notice>
      )}
      {waiting && (
        <div class="confirm-sync" role="group" aria-labelledby="confirm-sync-title">
          <h3 id="confirm-sync-title">Confirm the full sync</h3>
          <p data-testid="pending-deactivation">
            This full sync would deactivate <strong>{pendingText(imp)}</strong>
            {pending ? ` of the ${pending.of} active objects that imports of “${imp.source ?? ''}” made (${pending.percent}%)` : ''}: more than its limit of {imp.max_delete_percent}%.
            Nothing has been changed yet. Students become inactive and enrollments cancelled; nothing is deleted.
          </p>
          {canManage ? (
            <div class="actions">
              <button type="button" disabled={busy} onClick={onConfirm}>
                Confirm full sync
              </button>
              <button type="button" class="secondary" disabled={busy} onClick={onCancel}>
                Cancel import
              </button>
            </div>
          ) : (
            <p>An owner or developer can confirm it or cancel it.</p>
          )}
        </div>
      )}
      {!isActive(imp.status) && !waiting && (
        <p class="downloads">
          <a href={resultsUrl(environment, imp.id)} download>
            Download results (CSV)
          </a>{' '}
          (one line per row) ·{' '}
          <a href={resultsUrl(environment, imp.id, true)} download>
            failed rows only (CSV)
          </a>
        </p>
      )}
      {failures && failures.rows.length > 0 && (
        <TableRegion label="Failed rows">
          <table>
            <caption>
              Failed rows{failures.hasMore ? `: the first ${failures.rows.length} of ${imp.counts.failed} (download the results for all)` : ` (${failures.rows.length})`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Type</th>
                <th scope="col">External id</th>
                <th scope="col">Code</th>
                <th scope="col">Field</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {failures.rows.map((row) => (
                <tr key={`${row.file}:${row.line}`} data-line={row.line ?? undefined}>
                  <th scope="row" data-label="Row">
                    {row.file === '-' ? '' : <code>{row.file}</code>} line {row.line}
                  </th>
                  <td data-label="Type">{row.type}</td>
                  <td data-label="External id">{row.external_id ? <code>{row.external_id}</code> : '—'}</td>
                  <td data-label="Code">
                    <code>{row.code ?? '—'}</code>
                  </td>
                  <td data-label="Field">{row.field ? <code>{row.field}</code> : '—'}</td>
                  <td data-label="Message">{row.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
