import { type Command, Option } from 'commander';
import { loadConfig } from '../config.js';
import type { UserRole } from '../db/types.js';
import { createUser, defaultBaseUrl, roles, signInUrl } from '../modules/users/users.service.js';
import { type CliIo, printResult, withContext } from './output.js';

/** `lectern user create`. */
export function addUserCommands(program: Command, io: CliIo): void {
  const user = program.command('user').description("manage an account's console users");

  user
    .command('create')
    .description('create a console user and print a one-time sign-in link (valid 24 hours); a password can be set once signed in')
    .requiredOption('--account <id>', 'account id (acc_…)')
    .requiredOption('--email <email>', 'the user\'s email address, their sign-in name')
    .addOption(new Option('--role <role>', 'owner: everything; developer: keys and webhooks; viewer: read only').choices(roles).default('developer'))
    .option('--base-url <url>', 'the address users open the console at (default: from HOST, PORT and TLS_CERT_FILE)')
    .option('--json', 'print {"id","sign_in_url"} only')
    .action(async (options: { account: string; email: string; role: UserRole; baseUrl?: string; json?: boolean }) => {
      const config = loadConfig(io.env ?? process.env);
      const base = options.baseUrl ?? defaultBaseUrl({ host: config.host, port: config.port, tls: config.tlsCertFile !== undefined });
      const { user: created, signInToken } = await withContext(io, (ctx) => createUser(ctx, { accountId: options.account, email: options.email, role: options.role }));
      const url = signInUrl(base, signInToken);
      printResult(io, options.json, { id: created.id, sign_in_url: url }, `Created ${created.role} ${created.email} (${created.id}). One-time sign-in link, valid 24 hours:\n${url}`);
    });
}
