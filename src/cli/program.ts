import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest } from '../db/database.js';
import { AppError } from '../shared/errors.js';
import { addAccountCommands } from './account-commands.js';
import { addImportCommand } from './import-command.js';
import { addKeyCommands } from './key-commands.js';
import { addLtiCommands } from './lti-commands.js';
import { addMcpCommand } from './mcp-command.js';
import { addUserCommands } from './user-commands.js';
import { type CliIo, CommandOutcome, processIo, withContext } from './output.js';

/** Exit codes of the `lectern` bin. */
export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * The `lectern` commands. Usage errors (unknown command or option, a required option or argument
 * missing, a value not among the allowed ones, extra arguments, a group or the program without a
 * command) print the problem and the command's help to stderr and exit 2; `--help` prints to
 * stdout and exits 0; a runtime failure (an unknown account, an unreachable database) prints one
 * line to stderr and exits 1. A command may end with a code of its own (`lectern import`: 3 when
 * rows failed, 4 when a full sync waits for confirmation; see its --help).
 */
export function buildProgram(io: CliIo = processIo): Command {
  const program = new Command('lectern')
    .description('Lectern operator CLI. The database is chosen as the server chooses it: DATABASE_URL, else DATA_DIR/lectern.db.')
    // Settings first: subcommands inherit them when they are created.
    .exitOverride()
    .allowExcessArguments(false)
    .showHelpAfterError()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (message, write) => write(`lectern: ${message.replace(/^error: /, '')}`),
    });

  program
    .command('serve')
    .description('run the API server (same as npm start)')
    .action(async () => {
      // Loaded here: the server's module graph (every route, Fastify) is most of a CLI start's time.
      const { serve } = await import('../server.js');
      await serve(loadConfig(io.env ?? process.env));
    });
  program
    .command('worker')
    .description('run background jobs only (webhook deliveries), beside servers run with WORKER=off')
    .action(async () => {
      const { work } = await import('../server.js');
      await work(loadConfig(io.env ?? process.env));
    });
  program
    .command('migrate')
    .description('apply database migrations (the server also does on start)')
    .action(async () => {
      const applied = await withContext(io, (ctx) => migrateToLatest(ctx.db));
      io.out(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
    });
  addAccountCommands(program, io);
  addKeyCommands(program, io);
  addUserCommands(program, io);
  addLtiCommands(program, io);
  addMcpCommand(program, io);
  addImportCommand(program, io);
  return program;
}

/** Runs one command line (without `node` and the script); answers the exit code. */
export async function runCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (err) {
    // Commander has written the help, or the problem and the help, already.
    if (err instanceof CommanderError) return isHelp(err) ? exitCodes.ok : exitCodes.usage;
    if (err instanceof CommandOutcome) {
      if (err.shown) io.err(`lectern: ${err.message}\n`);
      return err.exitCode;
    }
    const message = err instanceof AppError || err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err);
    io.err(`lectern: ${message}\n`);
    return exitCodes.failure;
  }
}

/** Commander's outcomes that are not errors: help asked for (`--help`, `help [command]`). */
function isHelp(err: CommanderError): boolean {
  return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || (err.code === 'commander.help' && err.exitCode === 0);
}
