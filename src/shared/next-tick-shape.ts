import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of `process.nextTick`'s queue entries alive for the life of the process, so that the
 * hidden classes (V8 maps) of those entries stay the same ones.
 *
 * Node builds every entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`.
 * V8 inlines those property definitions while each sees one map. The transitions between the maps
 * hold them only weakly: a full GC that runs while no entry is queued drops the chain, and the next
 * entry gets a new one. After a few full GCs the definitions have seen more than four maps and turn
 * megamorphic, for good: from then on every nextTick defines its properties through V8's runtime.
 * Each HTTP request makes several nextTicks (in Node's streams). Measured under callgrind on
 * `GET /courses/:id`: 30 runtime calls and about 38,000 instructions per request, 16% of the
 * request; a bare Fastify app falls into the same state after a few forced GCs.
 *
 * One live entry keeps the whole chain reachable, so the transitions survive every GC. Call it
 * first thing in a long-running process, before full GCs have had their chance.
 */
export function keepNextTickShape(): void {
  if (kept) return;
  process.nextTick(() => {
    // Inside a nextTick callback the current async resource is the queue entry itself.
    kept = executionAsyncResource();
  });
}
