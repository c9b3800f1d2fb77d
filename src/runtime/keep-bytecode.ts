import v8 from 'node:v8';

/*
 * What it changes: V8 no longer flushes the bytecode of functions that have not run for a while
 * (`--no-flush-bytecode`, set with Node's public `v8.setFlagsFromString`; V8 reads this flag at
 * each full GC, so setting it at start takes effect).
 *
 * Why: while a process is idle, V8's memory reducer runs full GCs, and each ages the bytecode of
 * every function not run since; after a few, the bytecode (and the optimised code built from it)
 * of the whole request path is dropped. The first requests after a pause then parse, compile and
 * optimise it all again, which costs a server with a long request path much more than a bare one:
 * after 20 s without traffic, GET /courses/:id on PostgreSQL took 82–122 µs of CPU per request for
 * the next 2 s, 74–78 µs with this (bench/README.md, "After a pause"). What it keeps is the code
 * the process has run, a few MB.
 *
 * How to tell it has stopped working: test/unit/keep-bytecode.test.ts compiles a function in a
 * process that flushes at every full GC (`--stress-flush-code`) and checks that it is still
 * compiled after full GCs with the tuning (and flushed without it, else it skips: nothing to keep).
 */

/** Keeps compiled functions' bytecode across full GCs (see above). Call it first thing in a long-running process; calling it again changes nothing. */
export function keepBytecode(): void {
  v8.setFlagsFromString('--no-flush-bytecode');
}
