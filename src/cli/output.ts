import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { systemClock } from '../shared/clock.js';
import type { ServiceContext } from '../shared/context.js';

/** Where the commands write (stdout and stderr, or a test's buffers) and the environment they read. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * A command that ran and ends with an exit code other than 0 without being a failure of the CLI
 * itself (`lectern import`: some rows failed, a full sync waits for confirmation), or with a message
 * for stderr (a file that cannot be read). runCommand answers its code.
 */
export class CommandOutcome extends Error {
  /** Whether the message is for stderr. */
  readonly shown: boolean;

  constructor(
    readonly exitCode: number,
    message?: string,
  ) {
    super(message ?? `exit ${exitCode}`);
    this.shown = message !== undefined;
  }
}

/**
 * Output rules of every command: with `--json`, exactly one JSON object on one line of stdout and
 * nothing else (a list is `{"data": [...]}`, every row, as the API's lists envelope theirs);
 * without, sentences or a table for people. Errors go to stderr only.
 */
export function printResult(io: CliIo, json: boolean | undefined, object: object, text: string): void {
  io.out(json ? `${JSON.stringify(object)}\n` : `${text}\n`);
}

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | null;
}

/** `{"data": rows}` with --json; otherwise a table with a header line, or `empty` when there are no rows. */
export function printList<Row extends object>(io: CliIo, json: boolean | undefined, rows: Row[], columns: Column<Row>[], empty: string): void {
  if (json) return printResult(io, true, { data: rows }, '');
  if (rows.length === 0) return printResult(io, false, {}, empty);
  const cells = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row) ?? '-'))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const lines = cells.map((line) => line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
  io.out(`${lines.join('\n')}\n`);
}

/** Runs a command against the database the server uses (DATABASE_URL, else DATA_DIR), migrated first. */
export async function withContext<T>(io: CliIo, run: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env ?? process.env);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database);
    return await run({ db: database, clock: systemClock });
  } finally {
    await database.close();
  }
}
