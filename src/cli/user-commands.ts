import { type Command, Option } from 'commander';
import { type Config, loadConfig } from '../config.js';
import type { UserRole } from '../db/types.js';
import { createSignInLinkForEmail, createUser, defaultBaseUrl, roles, signInUrl } from '../modules/users/users.service.js';
import { type CliIo, printResult, withContext } from './output.js';

const baseUrlOption = '--base-url <url>';
const baseUrlHelp = 'the address users open the console at (default: PUBLIC_URL, else from HOST, PORT and TLS_CERT_FILE)';

/**
 * Where printed sign-in links point: --base-url, else PUBLIC_URL, else the address the server
 * listens on by the same configuration (HOST, PORT, TLS), as the server itself works it out.
 */
function linkBase(config: Config, baseUrl: string | undefined): { base: string; guessed: boolean } {
  if (baseUrl !== undefined) return { base: baseUrl, guessed: false };
  if (config.publicUrl !== undefined) return { base: config.publicUrl, guessed: false };
  return { base: defaultBaseUrl({ host: config.host, port: config.port, tls: config.tlsCertFile !== undefined }), guessed: true };
}

const guessNote = (guessed: boolean) => (guessed ? '\n(Built from HOST and PORT: set PUBLIC_URL, or pass --base-url, when people open the console elsewhere.)' : '');

/** `lectern user create`, `lectern user link`. */
export function addUserCommands(program: Command, io: CliIo): void {
  const user = program.command('user').description("manage an account's console users");

  user
    .command('create')
    .description('create a console user and print a one-time sign-in link (valid 24 hours); a password can be set once signed in')
    .requiredOption('--account <id>', 'account id (acc_…)')
    .requiredOption('--email <email>', 'the user\'s email address, their sign-in name')
    .addOption(new Option('--role <role>', 'owner: everything; developer: keys and webhooks; viewer: read only').choices(roles).default('developer'))
    .option(baseUrlOption, baseUrlHelp)
    .option('--json', 'print {"id","sign_in_url"} only')
    .action(async (options: { account: string; email: string; role: UserRole; baseUrl?: string; json?: boolean }) => {
      const { base, guessed } = linkBase(loadConfig(io.env ?? process.env), options.baseUrl);
      const { user: created, signInToken } = await withContext(io, (ctx) => createUser(ctx, { accountId: options.account, email: options.email, role: options.role }));
      const url = signInUrl(base, signInToken);
      printResult(io, options.json, { id: created.id, sign_in_url: url }, `Created ${created.role} ${created.email} (${created.id}). One-time sign-in link, valid 24 hours:\n${url}${guessNote(guessed)}`);
    });

  user
    .command('link')
    .description('print a new one-time sign-in link (valid 24 hours) for an existing user: the way back in without a password')
    .requiredOption('--email <email>', 'the user\'s email address')
    .option('--account <id>', 'the account the user must belong to (acc_…)')
    .option(baseUrlOption, baseUrlHelp)
    .option('--json', 'print {"url"} only')
    .action(async (options: { email: string; account?: string; baseUrl?: string; json?: boolean }) => {
      const { base, guessed } = linkBase(loadConfig(io.env ?? process.env), options.baseUrl);
      const { user: found, link } = await withContext(io, (ctx) => createSignInLinkForEmail(ctx, options.email, options.account));
      const url = signInUrl(base, link.token);
      printResult(io, options.json, { url }, `One-time sign-in link for ${found.role} ${found.email} (${found.id}), valid until ${link.expiresAt}:\n${url}${guessNote(guessed)}`);
    });
}
