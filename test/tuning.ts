import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { runtimeTunings } from '../src/runtime/tunings.js';
import { built } from './built.js';

/** The runtime tunings of this run, read from RUNTIME_TUNING as the server reads it (CI runs the suite with them on and off). */
export const runTunings = runtimeTunings(loadConfig({ RUNTIME_TUNING: process.env.RUNTIME_TUNING }).runtimeTuning);

/** A test's title in this run: what it shows with the tunings on, or with them off. */
export function tuningTitle(on: string, off: string): string {
  return runTunings.on ? on : off;
}

/**
 * What a child node process (started with `flags`, V8's natives syntax allowed) says after `body`:
 * the child imports the built runtime tunings and, when `apply`, applies them as a server does at
 * start (this run's RUNTIME_TUNING), then runs `body`, which prints `<said>: true` or `false`.
 * Undefined when it printed neither (a runtime that refuses the flags or the syntax); a child that
 * fails after applying the tunings throws.
 */
export function tunedChildSays(said: string, body: string, options: { flags: string[]; apply: boolean }): boolean | undefined {
  const script = `
    const tunings = await import(${JSON.stringify(built('runtime/tunings.js'))});
    if (${options.apply}) tunings.runtimeTunings(${runTunings.on}).startProcess();
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--allow-natives-syntax', ...options.flags, '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const answer = new RegExp(`^${said}: (true|false)$`, 'm').exec(result.stdout)?.[1];
  if (result.status !== 0 && options.apply) throw new Error(`the child failed: ${result.stderr}`);
  return answer === undefined ? undefined : answer === 'true';
}
