import { type Command, InvalidArgumentError, Option } from 'commander';
import { environments } from '../modules/accounts/accounts.service.js';
import type { ApiKey } from '../modules/api-keys/api-keys.schemas.js';
import { createKey, listKeysForOperator, revokeKeyForOperator } from '../modules/api-keys/api-keys.service.js';
import { isScope, scopes } from '../modules/api-keys/scopes.js';
import type { Environment } from '../db/types.js';
import { type CliIo, printList, printResult, withContext } from './output.js';

/** `lectern key create | list | revoke`. */
export function addKeyCommands(program: Command, io: CliIo): void {
  const key = program.command('key').description("create, list and revoke an account's API keys");

  key
    .command('create')
    .description('create an API key; the full key is printed this once')
    .requiredOption('--account <id>', 'account id (acc_…)')
    .addOption(new Option('--env <environment>', 'the workspace the key opens').choices(environments).makeOptionMandatory())
    .requiredOption('--name <name>', 'what the key is for')
    .option('--scopes <list>', `comma-separated scopes (default *): ${scopes.join(', ')}`, scopeList)
    .option('--json', 'print {"id","key"} only')
    .action(async (options: { account: string; env: Environment; name: string; scopes?: string[]; json?: boolean }) => {
      const { record, key: secret } = await withContext(io, (ctx) =>
        createKey(ctx, { accountId: options.account, environment: options.env, name: options.name, scopes: options.scopes }),
      );
      printResult(io, options.json, { id: record.id, key: secret }, `Created key ${record.id} (${options.env}). Shown this once:\n${secret}`);
    });

  key
    .command('list')
    .description("list an account's keys, every environment, oldest first: never a secret, only its first and last 4 characters")
    .requiredOption('--account <id>', 'account id (acc_…)')
    .option('--json', 'print {"data": [keys]}, each as GET /api/v1/api-keys/:id shows it')
    .action(async (options: { account: string; json?: boolean }) => {
      const keys = await withContext(io, (ctx) => listKeysForOperator(ctx, options.account));
      printList<ApiKey>(
        io,
        options.json,
        keys,
        [
          { header: 'ID', value: (k) => k.id },
          { header: 'NAME', value: (k) => k.name },
          { header: 'ENV', value: (k) => k.environment },
          { header: 'SCOPES', value: (k) => k.scopes.join(',') },
          { header: 'KEY', value: (k) => k.key_hint },
          { header: 'CREATED', value: (k) => k.created_at },
          { header: 'LAST USED', value: (k) => k.last_used_at },
          { header: 'EXPIRES', value: (k) => k.expires_at },
          { header: 'REVOKED', value: (k) => k.revoked_at },
        ],
        `Account ${options.account} has no keys.`,
      );
    });

  key
    .command('revoke')
    .description('revoke a key: every secret of it stops at once, in every process (revoking a revoked key changes nothing)')
    .argument('<id>', 'key id (key_…)')
    .option('--json', 'print the key as key list shows it')
    .action(async (id: string, options: { json?: boolean }) => {
      const { key: revoked, revoked: now } = await withContext(io, (ctx) => revokeKeyForOperator(ctx, id));
      const text = now ? `Revoked key ${revoked.id} (${revoked.name}, ${revoked.environment})` : `Key ${revoked.id} was already revoked at ${revoked.revoked_at}`;
      printResult(io, options.json, revoked, text);
    });
}

function scopeList(value: string): string[] {
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((s) => !isScope(s));
  if (list.length === 0) throw new InvalidArgumentError('Name at least one scope.');
  if (unknown.length > 0) throw new InvalidArgumentError(`Unknown scopes: ${unknown.join(', ')}. Scopes: *, ${scopes.join(', ')}.`);
  return list;
}
