import { useEffect, useRef, useState } from 'preact/hooks';
import type { Environment, Profile } from '../api.js';
import { describeError, Notice, TableRegion, useLatest, usePoll, when } from '../components.js';
import {
  cancelImport,
  confirmImport,
  getImport,
  type Import,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  isActive,
  listFailedRows,
  listImports,
  uploadImport,
} from '../imports-api.js';
import { countsText, formatText, ImportReport, progressText, statusText } from './import-report.js';
import './imports.css';

/** How often imports still running are read again; faster for a while after an upload, when a small file finishes in seconds. */
const REFRESH_MS = 5_000;
const SOON_MS = 1_000;
const SOON_FOR_MS = 20_000;
/** Failed rows shown on the page; the results download has them all. */
const FAILED_ROWS_SHOWN = 100;

const defaults: ImportOptions = { format: 'csv', type: 'students', mode: 'upsert', sync: 'delta', source: '', max_delete_percent: 10, dry_run: false };

/** The format a file's name suggests (students.csv, roster.ndjson, nightly.zip), and a CSV's rows when its name says. */
function guessed(name: string): Partial<ImportOptions> {
  if (/\.zip$/i.test(name)) return { format: 'zip' };
  if (/\.(ndjson|jsonl)$/i.test(name)) return { format: 'ndjson' };
  if (/enrol/i.test(name)) return { format: 'csv', type: 'enrollments' };
  if (/student/i.test(name)) return { format: 'csv', type: 'students' };
  return { format: 'csv' };
}

const formats: { value: ImportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'ndjson', label: 'NDJSON' },
  { value: 'zip', label: 'zip' },
];

const formatHints: Record<ImportFormat, string> = {
  csv: 'CSV: a header of API field names (students: external_id, email, name, status; enrollments: student_external_id, course_external_id, status), one row a line.',
  ndjson: 'NDJSON: one JSON object a line, each with its type ("student" or "enrollment").',
  zip: 'zip: students.csv and enrollments.csv; students come first, so the file can enroll the students it creates.',
};
const modeHints: Record<ImportOptions['mode'], string> = {
  upsert: 'Upsert creates what is new and updates what exists.',
  create_only: 'Create only skips rows whose object exists.',
  update_only: 'Update only skips rows whose object does not exist.',
};

/**
 * Roster imports of the environment (docs/imports.md): upload a CSV, NDJSON or zip file with its
 * options (a dry run writes nothing), follow the imports while they run, read an import's report
 * (counts and failed rows with their line), confirm or cancel a full sync that waits, and download
 * the results. Everyone reads; owners and developers upload, confirm and cancel.
 */
export function ImportsPage({ environment, profile }: { environment: Environment; profile: Profile }) {
  const canManage = profile.user.role !== 'viewer';
  const [imports, setImports] = useState<Import[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>(defaults);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Import | null>(null);
  const [failures, setFailures] = useState<{ id: string; rows: ImportResult[]; hasMore: boolean } | null>(null);
  // Bumped by an upload or a decision: the next SOON_FOR_MS refresh every second.
  const [hurry, setHurry] = useState(0);
  const [soon, setSoon] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const latestList = useLatest();
  const latestOpen = useLatest();
  const latestFailures = useLatest();
  const load = () =>
    latestList(listImports(environment), (list) => {
      setImports(list);
      setLoaded(true);
    }).catch((err: unknown) => setError(describeError(err)));
  const loadOpen = (id: string) => latestOpen(getImport(environment, id), setOpen).catch((err: unknown) => setError(describeError(err)));
  useEffect(() => void load(), [environment]);

  // The failed rows of the open import, once it has stopped moving (read again if its count changes).
  const failedKey = open && !isActive(open.status) && open.counts.failed > 0 ? `${open.id}:${open.status}:${open.counts.failed}` : null;
  useEffect(() => {
    if (!open || !failedKey) return;
    const id = open.id;
    latestFailures(listFailedRows(environment, id, FAILED_ROWS_SHOWN), (r) => setFailures({ id, rows: r.data, hasMore: r.has_more })).catch((err: unknown) =>
      setError(describeError(err)),
    );
  }, [failedKey]);

  // Imports still queued or running are read again (each refresh through useLatest: the newest answer wins).
  const moving = imports.some((imp) => isActive(imp.status)) || (open !== null && isActive(open.status));
  usePoll(
    () => {
      if (!moving) return;
      void load();
      if (open) void loadOpen(open.id);
    },
    soon ? SOON_MS : REFRESH_MS,
    [moving, soon, open?.id, environment],
  );
  useEffect(() => {
    if (hurry === 0) return;
    setSoon(true);
    const timer = setTimeout(() => setSoon(false), SOON_FOR_MS);
    return () => clearTimeout(timer);
  }, [hurry]);

  const show = (imp: Import) => {
    if (open?.id === imp.id) {
      setOpen(null);
      return;
    }
    setOpen(imp);
    setFailures(null);
    void loadOpen(imp.id);
    requestAnimationFrame(() => document.getElementById('import-report-title')?.focus());
  };

  const pick = (input: HTMLInputElement) => {
    const picked = input.files?.[0] ?? null;
    setFile(picked);
    if (picked) setOptions((current) => ({ ...current, ...guessed(picked.name) }));
  };

  const upload = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setNews(null);
    setBusy(true);
    try {
      const created = await uploadImport(environment, file, options);
      setNews(
        created.dry_run
          ? `Dry run ${created.id} of ${file.name} started: nothing will be written. Its report is below.`
          : `Import ${created.id} of ${file.name} started. Its report is below.`,
      );
      setHurry((n) => n + 1);
      setOpen(created);
      setFailures(null);
      await load();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const decide = async (imp: Import, confirmed: boolean) => {
    setError(null);
    setNews(null);
    setBusy(true);
    try {
      const next = confirmed ? await confirmImport(environment, imp.id) : await cancelImport(environment, imp.id);
      setOpen(next);
      setNews(confirmed ? `Full sync ${imp.id} confirmed: it goes on now.` : `Import ${imp.id} canceled: nothing was changed.`);
      setHurry((n) => n + 1);
      await load();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  const set = <K extends keyof ImportOptions>(name: K, value: ImportOptions[K]) => setOptions({ ...options, [name]: value });

  return (
    <section aria-labelledby="imports-title">
      <h1 id="imports-title" tabIndex={-1}>
        Imports
      </h1>
      <p>
        Rosters from a student information system: students and enrollments from a CSV, NDJSON or zip file, up to 100,000 rows and 50 MB, matched by external id. A dry run
        reports what an import would do and writes nothing. The columns and a nightly sync are in docs/imports.md.
      </p>
      {error && <Notice error>{error}</Notice>}
      {news && <Notice>{news}</Notice>}

      {canManage && (
        <form class="card import-form" onSubmit={(e) => void upload(e)} aria-labelledby="import-upload-title">
          <h2 id="import-upload-title">Upload a file</h2>
          <label for="import-file">File</label>
          <input
            id="import-file"
            ref={fileInput}
            type="file"
            required
            accept=".csv,.ndjson,.jsonl,.zip,text/csv,application/x-ndjson,application/zip"
            onChange={(e) => pick(e.target as HTMLInputElement)}
          />
          <div class="import-options">
            <div>
              <label for="import-format">Format</label>
              <select id="import-format" value={options.format} onChange={(e) => set('format', (e.target as HTMLSelectElement).value as ImportFormat)}>
                {formats.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </div>
            {options.format === 'csv' && (
              <div>
                <label for="import-type">Rows are</label>
                <select id="import-type" value={options.type} onChange={(e) => set('type', (e.target as HTMLSelectElement).value as ImportOptions['type'])}>
                  <option value="students">students</option>
                  <option value="enrollments">enrollments</option>
                </select>
              </div>
            )}
            <div>
              <label for="import-mode">Mode</label>
              <select id="import-mode" value={options.mode} onChange={(e) => set('mode', (e.target as HTMLSelectElement).value as ImportOptions['mode'])}>
                <option value="upsert">upsert</option>
                <option value="create_only">create only</option>
                <option value="update_only">update only</option>
              </select>
            </div>
            <div>
              <label for="import-sync">Sync</label>
              <select id="import-sync" value={options.sync} onChange={(e) => set('sync', (e.target as HTMLSelectElement).value as ImportOptions['sync'])}>
                <option value="delta">delta</option>
                <option value="full">full</option>
              </select>
            </div>
            <div>
              <label for="import-source">Source{options.sync === 'full' ? '' : ' (optional)'}</label>
              <input
                id="import-source"
                type="text"
                maxLength={100}
                placeholder="sis-nightly"
                required={options.sync === 'full'}
                value={options.source}
                onInput={(e) => set('source', (e.target as HTMLInputElement).value)}
              />
            </div>
            {options.sync === 'full' && (
              <div>
                <label for="import-max-delete">Max delete percent</label>
                <input
                  id="import-max-delete"
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  required
                  value={String(options.max_delete_percent)}
                  onInput={(e) => set('max_delete_percent', Number((e.target as HTMLInputElement).value))}
                />
              </div>
            )}
          </div>
          <p class="hint">
            {formatHints[options.format]} {modeHints[options.mode]}
          </p>
          <p class="hint">
            {options.sync === 'full'
              ? `A full sync deactivates (never deletes) the students and enrollments that earlier imports of this source made and this file lacks. Above ${options.max_delete_percent}% of them it waits for a confirmation here, with nothing changed.`
              : 'Name a source (the system the file comes from) so that a later full sync of it knows what its imports made.'}
          </p>
          <label class="choice">
            <input type="checkbox" checked={options.dry_run} onChange={(e) => set('dry_run', (e.target as HTMLInputElement).checked)} />
            Dry run: report what the import would do, write nothing
          </label>
          <div>
            <button type="submit" disabled={busy || !file}>
              {options.dry_run ? 'Start dry run' : 'Import'}
            </button>
            {busy && <span role="status"> Working…</span>}
          </div>
        </form>
      )}

      {open && (
        <ImportReport
          environment={environment}
          imp={open}
          failures={failures?.id === open.id ? failures : null}
          canManage={canManage}
          busy={busy}
          onConfirm={() => void decide(open, true)}
          onCancel={() => void decide(open, false)}
        />
      )}

      <TableRegion label="Imports">
        <table>
          <caption>Imports of this environment, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Import</th>
              <th scope="col">Options</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Rows</th>
              <th scope="col">Uploaded</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {imports.map((imp) => (
              <tr key={imp.id} data-import-id={imp.id} data-import-status={imp.status}>
                <th scope="row" data-label="Import">
                  <code>{imp.id}</code> <span class="previous">{formatText(imp)}</span>
                </th>
                <td data-label="Options">
                  {imp.dry_run && <strong class="badge">dry run</strong>} {imp.mode.replace('_', ' ')}, {imp.sync === 'full' ? `full sync of “${imp.source ?? ''}”` : 'delta'}
                </td>
                <td data-label="Status">{statusText(imp.status)}</td>
                <td data-label="Progress">{progressText(imp)}</td>
                <td data-label="Rows">{countsText(imp.counts)}</td>
                <td class="time" data-label="Uploaded">
                  {when(imp.created_at)}
                </td>
                <td class="row-actions" data-label="Actions">
                  <button type="button" class="secondary" onClick={() => show(imp)} aria-expanded={open?.id === imp.id} aria-label={`Report of ${imp.id}`}>
                    Report
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {loaded && imports.length === 0 && <p>No imports in this environment yet.</p>}
    </section>
  );
}
