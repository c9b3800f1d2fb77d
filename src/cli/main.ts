#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { environments, plans, setPlan, createAccount } from '../modules/accounts/accounts.service.js';
import { createKey } from '../modules/api-keys/api-keys.service.js';
import { serve, work } from '../server.js';
import { systemClock } from '../shared/clock.js';
import type { ServiceContext } from '../shared/context.js';
import { AppError } from '../shared/errors.js';

const usage = `Usage: lectern <command>

  serve                                   run the API server (same as npm start)
  worker                                  run background jobs only (webhook deliveries)
  migrate                                 apply database migrations
  account create --name N --plan P [--email E] [--json]
  account set-plan ID --plan P [--hourly N] [--burst N] [--export-hourly N]
                   [--bulk-hourly N] [--search-hourly N] [--json]
  key create --account ID --env production|development|staging --name N
             [--scopes a,b] [--json]

Plans: ${plans.join(', ')}. The database is chosen like the server's: DATABASE_URL, else DATA_DIR/lectern.db.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, sub] = argv;
  if (command === 'serve') {
    await serve(loadConfig());
    return;
  }
  if (command === 'worker') {
    await work(loadConfig());
    return;
  }
  if (command === 'migrate') {
    await withContext(async (ctx) => {
      const applied = await migrateToLatest(ctx.db);
      process.stdout.write(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
    });
    return;
  }
  if (command === 'account' && sub === 'create') return accountCreate(argv.slice(2));
  if (command === 'account' && sub === 'set-plan') return accountSetPlan(argv.slice(2));
  if (command === 'key' && sub === 'create') return keyCreate(argv.slice(2));
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${usage}\n`);
    return;
  }
  throw new UsageError(`Unknown command: ${argv.join(' ')}`);
}

async function accountCreate(args: string[]) {
  const { values } = parse(args, { name: 'string', plan: 'string', email: 'string', json: 'boolean' });
  const name = required(values.name, '--name');
  const plan = oneOf(required(values.plan, '--plan'), plans, '--plan');
  await withContext(async (ctx) => {
    const account = await createAccount(ctx, { name, plan, email: values.email as string | undefined });
    print(values.json, { id: account.id }, `Created account ${account.id} (${account.name}, plan ${account.plan})`);
  });
}

async function accountSetPlan(args: string[]) {
  const { values, positionals } = parse(
    args,
    { plan: 'string', hourly: 'string', burst: 'string', 'export-hourly': 'string', 'bulk-hourly': 'string', 'search-hourly': 'string', json: 'boolean' },
    true,
  );
  const id = required(positionals[0], 'the account id');
  const plan = oneOf(required(values.plan, '--plan'), plans, '--plan');
  const limits = {
    hourly_limit: count(values.hourly, '--hourly'),
    burst_limit: count(values.burst, '--burst'),
    export_hourly_limit: count(values['export-hourly'], '--export-hourly'),
    bulk_hourly_limit: count(values['bulk-hourly'], '--bulk-hourly'),
    search_hourly_limit: count(values['search-hourly'], '--search-hourly'),
  };
  await withContext(async (ctx) => {
    const account = await setPlan(ctx, id, plan, limits);
    print(values.json, { id: account.id, plan: account.plan }, `Account ${account.id} is now on plan ${account.plan}`);
  });
}

async function keyCreate(args: string[]) {
  const { values } = parse(args, { account: 'string', env: 'string', name: 'string', scopes: 'string', json: 'boolean' });
  const accountId = required(values.account, '--account');
  const environment = oneOf(required(values.env, '--env'), environments, '--env');
  const name = required(values.name, '--name');
  const scopes = typeof values.scopes === 'string' ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  await withContext(async (ctx) => {
    const { record, key } = await createKey(ctx, { accountId, environment, name, scopes });
    print(values.json, { id: record.id, key }, `Created key ${record.id} (${environment}). Shown this once:\n${key}`);
  });
}

async function withContext(run: (ctx: ServiceContext) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    await run({ db: database.db, dialect: database.dialect, clock: systemClock });
  } finally {
    await database.close();
  }
}

type OptionKinds = Record<string, 'string' | 'boolean'>;

function parse(args: string[], kinds: OptionKinds, allowPositionals = false) {
  const options = Object.fromEntries(Object.entries(kinds).map(([name, type]) => [name, { type }]));
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function required(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`Missing ${name}`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!allowed.includes(value as T)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function count(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  // A limit of 0 would refuse every request: the starter plan is the way to close API access.
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) throw new UsageError(`${name} must be a whole number from 1 to 1000000000`);
  return n;
}

/** With --json exactly one JSON object on stdout and nothing else; otherwise a sentence. */
function print(json: unknown, object: Record<string, unknown>, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(object)}\n` : `${text}\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`lectern: ${err.message}\n\n${usage}\n`);
    process.exit(2);
  }
  const message = err instanceof AppError || err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err);
  process.stderr.write(`lectern: ${message}\n`);
  process.exit(1);
});

