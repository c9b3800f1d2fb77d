import { describe, expect, it } from 'vitest';
import { runTunings, tunedChildSays, tuningTitle } from '../tuning.js';

/**
 * Whether a child process (the runtime tunings applied or not: tunedChildSays) allocates in the
 * old generation any of the newest objects of a site whose objects it all keeps (what V8 takes for
 * a site of long-lived objects; V8's natives syntax: %InYoungGeneration). V8 decides to pretenure
 * only at a scavenge of a new space at its maximum size: a 1 MB maximum makes every scavenge one,
 * so the bare process pretenures the site whatever else it has loaded.
 */
function sitePretenured(apply: boolean): boolean | undefined {
  const body = `
    function make(i) { return { id: i, title: 'course ' + i, tags: [i] }; }
    const alive = [];
    let old = 0;
    for (let round = 0; round < 60; round++) {
      for (let i = 0; i < 20000; i++) alive.push(make(i));
      if (round >= 20 && !%InYoungGeneration(alive[alive.length - 1])) old++;
    }
    console.log('pretenured: ' + (old > 0));
  `;
  return tunedChildSays('pretenured', body, { flags: ['--max-semi-space-size=1'], apply });
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
