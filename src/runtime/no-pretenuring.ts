import v8 from 'node:v8';

/*
 * What it changes: V8 no longer allocates the objects of an allocation site straight in the old
 * generation once it judges that site's objects long-lived (`--no-allocation-site-pretenuring`,
 * set with Node's public `v8.setFlagsFromString`; V8 reads the flag each time it weighs its
 * pretenuring feedback, at every GC, so setting it at start takes effect).
 *
 * Why: a request on PostgreSQL lives across several event-loop turns, and under load the objects
 * of the requests in flight (rows parsed by pg, the courses built from them, their JSON) are still
 * alive at many scavenges. V8 takes that as a sign that those sites make long-lived objects and
 * pretenures them: every row of every later list was then allocated in the old generation and
 * died there, about 120 MB a second at 2,000 lists a second, collected by a mark-compact every
 * second or two and costing each scavenge 3–5 ms of old-to-new bookkeeping. The list of 100 on
 * PostgreSQL spent 17% of its CPU in GC against its floor's 3%; without pretenuring it costs about
 * a quarter less CPU (bench/README.md, "Pretenuring"). Objects that do live long are still promoted,
 * as every object is, by surviving two scavenges.
 *
 * How to tell it has stopped working: test/unit/no-pretenuring.test.ts makes V8 pretenure a site
 * in a bare process, and checks that the site's next object is young with the tuning (and old
 * without it, else it skips: nothing to stop); on the bench, the list of 100 on PostgreSQL costs as
 * much CPU as with RUNTIME_TUNING=off, and `--trace-gc` shows the heap growing at every scavenge.
 */

/** Stops V8's allocation-site pretenuring (see above). Call it first thing in a long-running process; calling it again changes nothing. */
export function stopPretenuring(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
