#!/usr/bin/env node
import { exitCodes, runCommand } from './program.js';

void runCommand(process.argv.slice(2)).then((code) => {
  // serve and worker keep running after their command returns; a failure may leave handles open
  // (a listening socket, a pool), so it exits rather than waits for them.
  if (code === exitCodes.failure) process.exit(code);
  process.exitCode = code;
});
