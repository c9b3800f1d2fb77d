import type { Command } from 'commander';
import { rotateToolKey } from '../modules/lti/tool-keys.service.js';
import { type CliIo, printResult, withContext } from './output.js';

/** `lectern lti rotate-key`. */
export function addLtiCommands(program: Command, io: CliIo): void {
  const lti = program.command('lti').description("LTI 1.3: the tool's signing keys");

  lti
    .command('rotate-key')
    .description(
      'make a new signing key current; the current one stays published at /lti/jwks as the previous key (platforms holding a cached copy still verify), the previous one is retired',
    )
    .option('--json', 'print {"kid","previous_kid","retired_kid"} only')
    .action(async (options: { json?: boolean }) => {
      const rotation = await withContext(io, (ctx) => rotateToolKey(ctx));
      const lines = [
        `New current key: ${rotation.kid}`,
        rotation.previous_kid ? `Previous key (still published): ${rotation.previous_kid}` : 'There was no key before: this is the first.',
        ...(rotation.retired_kid ? [`Retired (no longer published): ${rotation.retired_kid}`] : []),
      ];
      printResult(io, options.json, rotation, lines.join('\n'));
    });
}
