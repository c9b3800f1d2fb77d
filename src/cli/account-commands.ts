import { type Command, InvalidArgumentError, Option } from 'commander';
import { type AccountSummary, createAccount, listAccounts, plans, setPlan } from '../modules/accounts/accounts.service.js';
import { type CliIo, printList, printResult, withContext } from './output.js';

/** `lectern account create | set-plan | list`. */
export function addAccountCommands(program: Command, io: CliIo): void {
  const account = program.command('account').description('create, list and change accounts (a tenant: its plan, limits and keys)');

  account
    .command('create')
    .description('create an account with its production, development and staging workspaces')
    .requiredOption('--name <name>', 'the account name')
    .addOption(planOption())
    .option('--email <email>', 'a contact address')
    .option('--json', 'print {"id"} only')
    .action(async (options: { name: string; plan: (typeof plans)[number]; email?: string; json?: boolean }) => {
      const created = await withContext(io, (ctx) => createAccount(ctx, { name: options.name, plan: options.plan, email: options.email }));
      printResult(io, options.json, { id: created.id }, `Created account ${created.id} (${created.name}, plan ${created.plan})`);
    });

  account
    .command('set-plan')
    .description("change an account's plan; the limits given override the plan's (plan custom), the next request of every key obeys them")
    .argument('<id>', 'account id (acc_…)')
    .addOption(planOption())
    .option('--hourly <n>', 'requests per hour', limit('--hourly'))
    .option('--burst <n>', 'burst: requests per minute, refilled continuously', limit('--burst'))
    .option('--export-hourly <n>', 'exports per hour', limit('--export-hourly'))
    .option('--bulk-hourly <n>', 'bulk requests per hour', limit('--bulk-hourly'))
    .option('--search-hourly <n>', 'searches per hour', limit('--search-hourly'))
    .option('--json', 'print {"id","plan"} only')
    .action(async (id: string, options: SetPlanOptions) => {
      const updated = await withContext(io, (ctx) =>
        setPlan(ctx, id, options.plan, {
          hourly_limit: options.hourly,
          burst_limit: options.burst,
          export_hourly_limit: options.exportHourly,
          bulk_hourly_limit: options.bulkHourly,
          search_hourly_limit: options.searchHourly,
        }),
      );
      printResult(io, options.json, { id: updated.id, plan: updated.plan }, `Account ${updated.id} is now on plan ${updated.plan}`);
    });

  account
    .command('list')
    .description('list every account, oldest first (a null limit is the plan default)')
    .option('--json', 'print {"data": [accounts]}')
    .action(async (options: { json?: boolean }) => {
      const accounts = await withContext(io, (ctx) => listAccounts(ctx));
      printList<AccountSummary>(
        io,
        options.json,
        accounts,
        [
          { header: 'ID', value: (a) => a.id },
          { header: 'NAME', value: (a) => a.name },
          { header: 'PLAN', value: (a) => a.plan },
          { header: 'EMAIL', value: (a) => a.email },
          { header: 'LIMITS', value: (a) => limitsText(a) },
          { header: 'CREATED', value: (a) => a.created_at },
        ],
        'No accounts.',
      );
    });
}

interface SetPlanOptions {
  plan: (typeof plans)[number];
  hourly?: number;
  burst?: number;
  exportHourly?: number;
  bulkHourly?: number;
  searchHourly?: number;
  json?: boolean;
}

function planOption(): Option {
  return new Option('--plan <plan>', 'starter (no API access), professional, enterprise or custom').choices(plans).makeOptionMandatory();
}

/** A limit is a whole number from 1: a limit of 0 would refuse every request (the starter plan closes API access). */
function limit(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > 1_000_000_000) throw new InvalidArgumentError(`${name} must be a whole number from 1 to 1000000000.`);
    return n;
  };
}

function limitsText(a: AccountSummary): string | null {
  const set = (
    [
      ['hourly', a.hourly_limit],
      ['burst', a.burst_limit],
      ['export', a.export_hourly_limit],
      ['bulk', a.bulk_hourly_limit],
      ['search', a.search_hourly_limit],
    ] as const
  ).filter(([, n]) => n !== null);
  return set.length === 0 ? 'plan' : set.map(([name, n]) => `${name}=${n}`).join(',');
}
