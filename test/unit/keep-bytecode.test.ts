import { describe, expect, it } from 'vitest';
import { runTunings, tunedChildSays, tuningTitle } from '../tuning.js';

/** V8's optimisation status bit of a function whose bytecode is not there (never compiled, or flushed). */
const IS_LAZY = 1 << 18;

/**
 * Whether, in a child process that flushes at every full GC the bytecode of functions not run since
 * (`--stress-flush-code`), the runtime tunings applied or not (tunedChildSays), a compiled function's
 * bytecode is gone after full GCs (V8's natives syntax: %GetOptimizationStatus).
 */
function flushedAfterGcs(apply: boolean): boolean | undefined {
  const body = `
    function answer(a) { return a + 1; }
    answer(1);
    if (%GetOptimizationStatus(answer) & ${IS_LAZY}) { console.log('compiled: no'); process.exit(0); }
    for (let i = 0; i < 10; i++) gc();
    console.log('flushed: ' + ((%GetOptimizationStatus(answer) & ${IS_LAZY}) !== 0));
  `;
  return tunedChildSays('flushed', body, { flags: ['--expose-gc', '--stress-flush-code'], apply });
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
