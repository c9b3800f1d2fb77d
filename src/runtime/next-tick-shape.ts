import { executionAsyncResource } from 'node:async_hooks';

/*
 * What it changes: one of `process.nextTick`'s queue entries is kept alive for the life of the
 * process, so that the hidden classes (V8 maps) those entries are built with stay the same ones.
 *
 * Why: Node builds every entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback,
 * args }`. V8 inlines those property definitions while each sees one map. The transitions between
 * the maps hold them only weakly: a full GC that runs while no entry is queued drops the chain,
 * and the next entry gets a new one. After a few full GCs the definitions have seen more than four
 * maps and turn megamorphic, for good: from then on every nextTick defines its properties through
 * V8's runtime, and each HTTP request makes several (in Node's streams). One live entry keeps the
 * whole chain reachable, so the transitions survive every GC. The instructions it saves per
 * request are in bench/README.md.
 *
 * It relies on V8's internals (map transitions, feedback) and on Node's queue entry being the
 * async resource of a nextTick callback; it uses only public APIs to get there.
 *
 * How to tell it has stopped working: test/unit/next-tick-shape.test.ts prints V8's feedback of
 * process.nextTick (%DebugPrint) in a server after full GCs: with this in place no property
 * definition is megamorphic. It skips where V8 no longer loses the maps (nothing to keep) or no
 * longer prints what it reads; then this file may be deleted once a bare process stays monomorphic.
 */

let kept: object | undefined;

/** Keeps nextTick's queue-entry maps alive (see above). Call it first thing in a long-running process. */
export function keepNextTickShape(): void {
  if (kept) return;
  process.nextTick(() => {
    // Inside a nextTick callback the current async resource is the queue entry itself.
    kept = executionAsyncResource();
  });
}
