import fs from 'node:fs';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { importsContext } from '../background.js';
import { loadConfig } from '../config.js';
import type { Environment } from '../db/types.js';
import { claimJobOf } from '../jobs/queue.js';
import { environments, workspaceOf } from '../modules/accounts/accounts.service.js';
import { spoolBody } from '../modules/imports/import-files.js';
import { rosterImporter } from '../modules/imports/import.job.js';
import { type CreateImportQuery, type Import, type ImportResultLine, importMediaTypes } from '../modules/imports/imports.schemas.js';
import { checkImportOptions, createImport, getImport, type ImportsContext, openResults } from '../modules/imports/imports.service.js';
import { AppError } from '../shared/errors.js';
import { type CliIo, CommandOutcome, printResult, withContext } from './output.js';

/** Exit codes of `lectern import` beyond the CLI's own (0 ok, 1 failure, 2 usage). */
export const importExitCodes = { succeeded: 0, failed: 1, rowsFailed: 3, awaitingConfirmation: 4 } as const;

const formats = ['csv', 'ndjson', 'zip'] as const;
type Format = (typeof formats)[number];
const mediaTypeOf = Object.fromEntries(Object.entries(importMediaTypes).map(([mediaType, format]) => [format, mediaType])) as Record<Format, string>;
const formatOfExtension: Record<string, Format> = { '.csv': 'csv', '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.zip': 'zip' };

/** Failed rows the text report lists; the rest are one API call (or the console) away. */
const FAILED_ROWS_SHOWN = 100;
/** How often progress is read while the import runs, and at most how often a line is printed. */
const PROGRESS_MS = 1_000;

const settled = new Set<Import['status']>(['succeeded', 'succeeded_with_errors', 'failed', 'canceled', 'awaiting_confirmation']);

interface ImportOptions {
  account: string;
  env: Environment;
  type?: 'students' | 'enrollments';
  format?: Format;
  mode?: CreateImportQuery['mode'];
  sync?: CreateImportQuery['sync'];
  source?: string;
  maxDeletePercent?: number;
  dryRun?: boolean;
  wait: boolean;
  json?: boolean;
}

/**
 * `lectern import <file>`: a roster import on this installation's database, made by the service
 * POST /api/v1/imports calls (same checks, results, events and record) and run to its end in this
 * process with the import job's own code, its progress on stderr; then the report.
 */
export function addImportCommand(program: Command, io: CliIo): void {
  program
    .command('import')
    .description('import a roster (CSV, NDJSON or zip) into a workspace as POST /api/v1/imports does, run it here to the end, and print the report')
    .argument('<file>', 'the roster: .csv (with --type), .ndjson or .jsonl, .zip; - reads stdin (with --format)')
    .requiredOption('--account <id>', 'account id (acc_…)')
    .addOption(new Option('--env <environment>', 'the workspace imported into').choices(environments).default('production'))
    .addOption(new Option('--type <type>', "what a CSV's rows are").choices(['students', 'enrollments']))
    .addOption(new Option('--format <format>', "the file's format, when its name does not say it").choices(formats))
    .addOption(new Option('--mode <mode>', 'upsert (default): create or update; create_only, update_only: skip the other rows').choices(['upsert', 'create_only', 'update_only']))
    .addOption(new Option('--sync <sync>', 'delta (default), or full: also deactivate what earlier imports of --source made and this file lacks').choices(['delta', 'full']))
    .option('--source <name>', 'the name of the feed (e.g. sis-nightly); a full sync needs it')
    .option('--max-delete-percent <n>', 'a full sync deactivating more than this percent of what the source made waits for confirmation (default 10)', percent)
    .option('--dry-run', 'report what the import would do, writing nothing')
    .option('--no-wait', "only queue the import: a running server's job runner (lectern serve, lectern worker) applies it")
    .option('--json', 'print the import, as GET /api/v1/imports/{id} answers it, and nothing else on stdout')
    .addHelpText(
      'after',
      [
        '',
        'Progress goes to stderr. Exit codes:',
        '  0  succeeded: every row applied (with --dry-run: would be); with --no-wait, queued',
        '  1  failed or canceled (nothing written), or the command could not run',
        '  2  usage error: nothing imported',
        '  3  succeeded_with_errors: some rows failed, the others were applied',
        '  4  awaiting_confirmation: a full sync over --max-delete-percent; nothing changed until it is confirmed',
        '     (console, or POST /api/v1/imports/{id}/confirm)',
        '',
        'Examples:',
        '  lectern import students.csv --account acc_… --type students --dry-run',
        '  lectern import roster.zip --account acc_… --sync full --source sis-nightly --json',
      ].join('\n'),
    )
    .action(async (file: string, options: ImportOptions, command: Command) => {
      const format = options.format ?? formatOfExtension[path.extname(file).toLowerCase()];
      if (format === undefined) {
        command.error(`cannot tell the format of ${file === '-' ? 'stdin' : file}: pass --format csv, ndjson or zip`, { exitCode: 2, code: 'lectern.usage' });
      }
      const query: CreateImportQuery = {
        ...(options.type !== undefined && { type: options.type }),
        ...(options.mode !== undefined && { mode: options.mode }),
        ...(options.sync !== undefined && { sync: options.sync }),
        ...(options.source !== undefined && { source: options.source }),
        ...(options.maxDeletePercent !== undefined && { max_delete_percent: options.maxDeletePercent }),
        ...(options.dryRun && { dry_run: true }),
      };
      const config = loadConfig(io.env ?? process.env);
      const outcome = await withContext(io, async (base) => {
        const ctx = importsContext(base, config);
        const workspaceId = await workspaceOf(ctx, options.account, options.env);
        const created = await create(ctx, workspaceId, file, mediaTypeOf[format], query, command);
        const name = file === '-' ? 'stdin' : path.basename(file);
        io.err(`Import ${created.id}: ${name} into ${options.account} (${options.env})${created.dry_run ? ', dry run: nothing will be written' : ''}\n`);
        if (!options.wait) return { imported: created, failures: [] };
        const log = pino<string>({ level: config.logLevel, name: 'lectern-import' }, pino.destination(2));
        const imported = await runToEnd(ctx, log, workspaceId, created.id, io);
        return { imported, failures: imported.counts.failed > 0 && !options.json ? await failedRows(ctx, workspaceId, imported.id) : [] };
      });
      printResult(io, options.json, outcome.imported, report(outcome.imported, outcome.failures));
      const code = options.wait ? exitCodeOf(outcome.imported) : importExitCodes.succeeded;
      if (code !== 0) throw new CommandOutcome(code);
    });
}

/** Spools the file and makes the import, as POST /imports does: its own checks, as usage errors naming the options. */
async function create(ctx: ImportsContext, workspaceId: string, file: string, mediaType: string, query: CreateImportQuery, command: Command): Promise<Import> {
  let size: number | undefined;
  if (file !== '-') {
    const stat = await fs.promises.stat(file).catch((err: Error) => {
      throw new CommandOutcome(importExitCodes.failed, `cannot read ${file}: ${err.message}`);
    });
    if (!stat.isFile()) throw new CommandOutcome(importExitCodes.failed, `${file} is not a file`);
    size = stat.size;
  }
  const input = file === '-' ? process.stdin : fs.createReadStream(file);
  const body = await spoolBody(ctx.importDir, input, mediaType, size, new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString());
  try {
    try {
      checkImportOptions(body, query);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation_error') throw err;
      const errors = (err.details as { errors?: { path: string; message: string }[] }).errors ?? [];
      const problems = errors.map((e) => `--${e.path.replace(/^\/query\//, '').replaceAll('_', '-')} ${e.message}`);
      command.error(problems.join('; ') || err.message, { exitCode: 2, code: 'lectern.usage' });
    }
    return await createImport(ctx, { workspaceId, keyId: null, scopes: new Set(['*']) }, body, query);
  } finally {
    await body.discard();
  }
}

/**
 * Runs the import's job here until the import settles: claimed from the queue like any job runner
 * does, so that a server's runner never runs it at the same time. When another runner holds it (or a
 * retry is not due yet), this waits for it. Progress goes to stderr meanwhile.
 */
async function runToEnd(ctx: ImportsContext, log: FastifyBaseLogger, workspaceId: string, id: string, io: CliIo): Promise<Import> {
  const importer = rosterImporter(ctx, log);
  const progress = new ProgressLine(io);
  const timer = setInterval(() => {
    void getImport(ctx, workspaceId, id).then((current) => progress.show(current), () => undefined);
  }, PROGRESS_MS);
  try {
    for (;;) {
      const current = await getImport(ctx, workspaceId, id);
      if (settled.has(current.status)) {
        progress.show(current, true);
        return current;
      }
      const job = await claimJobOf(ctx.db, id, ctx.clock.now(), ctx.leaseMs);
      if (job) await importer.run(job);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    clearInterval(timer);
  }
}

/** `12,000 of 100,000 rows`, printed when it changed (at most once a PROGRESS_MS) and at the end. */
class ProgressLine {
  private last = '';
  private lastAt = 0;

  constructor(private readonly io: CliIo) {}

  show(current: Import, final = false): void {
    const { done, total } = current.progress;
    const text = total === null ? `reading the file… ${count(done)} rows done` : `${count(done)} of ${count(total)} rows`;
    const now = Date.now();
    if (text === this.last || (!final && now - this.lastAt < PROGRESS_MS)) return;
    this.last = text;
    this.lastAt = now;
    this.io.err(`  ${text}\n`);
  }
}

async function failedRows(ctx: ImportsContext, workspaceId: string, id: string): Promise<ImportResultLine[]> {
  const rows: ImportResultLine[] = [];
  for await (const chunk of await openResults(ctx, workspaceId, id, true, 'ndjson')) {
    for (const line of chunk.split('\n')) {
      if (line === '') continue;
      rows.push(JSON.parse(line) as ImportResultLine);
      if (rows.length > FAILED_ROWS_SHOWN) return rows;
    }
  }
  return rows;
}

function exitCodeOf(imported: Import): number {
  switch (imported.status) {
    case 'succeeded':
      return importExitCodes.succeeded;
    case 'succeeded_with_errors':
      return importExitCodes.rowsFailed;
    case 'awaiting_confirmation':
      return importExitCodes.awaitingConfirmation;
    default:
      return importExitCodes.failed;
  }
}

/** The report for people: status, counts, why it failed or what it waits for, the failed rows. */
function report(imported: Import, failures: ImportResultLine[]): string {
  const { counts } = imported;
  const lines = [
    `Import ${imported.id} ${imported.status}${imported.dry_run ? ' (dry run: nothing was written)' : ''}`,
    `  created ${count(counts.created)}, updated ${count(counts.updated)}, unchanged ${count(counts.unchanged)}, ` +
      `deactivated ${count(counts.deactivated)}, skipped ${count(counts.skipped)}, failed ${count(counts.failed)}`,
  ];
  if (imported.status === 'queued') lines.push("  Queued: a running server's job runner applies it; follow it with GET /api/v1/imports/" + imported.id);
  if (imported.error) {
    const where = [imported.error.file && imported.error.file !== '-' ? imported.error.file : null, imported.error.line ? `line ${imported.error.line}` : null].filter(Boolean).join(' ');
    lines.push(`  ${imported.error.code}${where ? ` at ${where}` : ''}: ${imported.error.message}`);
  }
  const plan = imported.pending_deactivation;
  if (imported.status === 'awaiting_confirmation' && plan) {
    lines.push(
      `  Waiting for confirmation: it would deactivate ${count(plan.students)} students and cancel ${count(plan.enrollments)} enrollments, ` +
        `${plan.percent}% of the ${count(plan.of)} the source made (over --max-delete-percent ${imported.max_delete_percent}). Nothing changed.`,
      `  Confirm it in the console or with POST /api/v1/imports/${imported.id}/confirm; cancel it with POST /api/v1/imports/${imported.id}/cancel.`,
    );
  }
  if (failures.length > 0) {
    lines.push('Failed rows:');
    for (const row of failures.slice(0, FAILED_ROWS_SHOWN)) {
      const where = `${row.file === '-' ? '' : `${row.file} `}line ${row.line ?? '-'}`;
      lines.push(`  ${where}${row.external_id ? ` (${row.external_id})` : ''}: ${row.field ? `${row.field}: ` : ''}${row.message ?? ''} [${row.code ?? 'failed'}]`);
    }
    if (counts.failed > FAILED_ROWS_SHOWN) {
      lines.push(`  … and ${count(counts.failed - FAILED_ROWS_SHOWN)} more: GET /api/v1/imports/${imported.id}/results?status=error, or the console's Imports page`);
    }
  }
  return lines.join('\n');
}

const count = (n: number) => n.toLocaleString('en-US');

function percent(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 100) throw new InvalidArgumentError('--max-delete-percent must be a whole number from 0 to 100.');
  return n;
}
