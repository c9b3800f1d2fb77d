import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { built } from '../built.js';
import { runTunings, tuningTitle } from '../tuning.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A child process that optionally applies the runtime tunings as a server does at start, then makes
 * objects at one allocation site and keeps them all (what V8 takes for a site of long-lived
 * objects), and says whether any of the site's newest objects was allocated in the old generation
 * (V8's natives syntax: %InYoungGeneration). V8 decides to pretenure only at a scavenge of a new
 * space at its maximum size: a 1 MB maximum makes every scavenge one, so the bare process
 * pretenures the site whatever else it has loaded. Undefined when this runtime refuses the flags or
 * the syntax.
 */
function sitePretenured(applyTunings: boolean): boolean | undefined {
  const tunings = built('runtime/tunings.js');
  const script = `
    const tunings = await import(${JSON.stringify(tunings)});
    if (${applyTunings}) tunings.runtimeTunings(${runTunings.on}).startProcess();
    function make(i) { return { id: i, title: 'course ' + i, tags: [i] }; }
    const alive = [];
    let old = 0;
    for (let round = 0; round < 60; round++) {
      for (let i = 0; i < 20000; i++) alive.push(make(i));
      if (round >= 20 && !%InYoungGeneration(alive[alive.length - 1])) old++;
    }
    console.log('pretenured: ' + (old > 0));
  `;
  const result = spawnSync(process.execPath, ['--allow-natives-syntax', '--max-semi-space-size=1', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  const said = /^pretenured: (true|false)$/m.exec(result.stdout)?.[1];
  if (result.status !== 0 && applyTunings) throw new Error(`the child failed: ${result.stderr}`);
  return said === undefined ? undefined : said === 'true';
}

describe('stopPretenuring (src/runtime/no-pretenuring.ts)', () => {
  const title = tuningTitle(
    'allocates young the objects of a site V8 would have pretenured',
    'is not applied with RUNTIME_TUNING=off: V8 pretenures as it does by default',
  );
  it(title, (ctx) => {
    // A bare process first: where V8 no longer pretenures this site (or cannot say), there is nothing to stop.
    const bare = sitePretenured(false);
    if (bare === undefined) return ctx.skip(`this runtime (V8 ${process.versions.v8}) does not say where an object lives`);
    if (!bare) return ctx.skip(`this runtime's V8 (${process.versions.v8}) did not pretenure the site: nothing to show`);
    expect(sitePretenured(true)).toBe(!runTunings.on);
  });
});
