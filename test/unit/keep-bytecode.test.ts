import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { built } from '../built.js';
import { runTunings, tuningTitle } from '../tuning.js';

const root = path.resolve(import.meta.dirname, '../..');

/** V8's optimisation status bit of a function whose bytecode is not there (never compiled, or flushed). */
const IS_LAZY = 1 << 18;

/**
 * A child process in which V8 flushes at every full GC the bytecode of functions not run since
 * (`--stress-flush-code`) compiles a function, optionally applies the runtime tunings as a server
 * does at start, runs full GCs, and says whether the function's bytecode is gone (V8's natives
 * syntax: %GetOptimizationStatus). Undefined when this runtime refuses the flags or the syntax.
 */
function flushedAfterGcs(applyTunings: boolean): boolean | undefined {
  const tunings = built('runtime/tunings.js');
  const script = `
    if (${applyTunings}) (await import(${JSON.stringify(tunings)})).runtimeTunings(${runTunings.on}).startProcess();
    function answer(a) { return a + 1; }
    answer(1);
    if (%GetOptimizationStatus(answer) & ${IS_LAZY}) { console.log('compiled: no'); process.exit(0); }
    for (let i = 0; i < 10; i++) gc();
    console.log('flushed: ' + ((%GetOptimizationStatus(answer) & ${IS_LAZY}) !== 0));
  `;
  const result = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--stress-flush-code', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const said = /^flushed: (true|false)$/m.exec(result.stdout)?.[1];
  if (result.status !== 0 && applyTunings) throw new Error(`the child failed: ${result.stderr}`);
  return said === undefined ? undefined : said === 'true';
}

describe('keepBytecode (src/runtime/keep-bytecode.ts)', () => {
  const title = tuningTitle(
    "keeps a function's bytecode through full GCs that would flush it",
    'is not applied with RUNTIME_TUNING=off: V8 flushes bytecode as it does by default',
  );
  it(title, (ctx) => {
    // A bare process first: where V8 no longer flushes bytecode (or no longer says so), there is nothing to keep.
    const bare = flushedAfterGcs(false);
    if (bare === undefined) return ctx.skip(`this runtime (V8 ${process.versions.v8}) does not report whether a function's bytecode was flushed`);
    if (!bare) return ctx.skip(`this runtime's V8 (${process.versions.v8}) kept the bytecode through full GCs without the tuning: nothing to show`);
    expect(flushedAfterGcs(true)).toBe(!runTunings.on);
  });
});
