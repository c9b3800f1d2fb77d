import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PostgresGuard, socketOf } from '../../src/db/postgres-client.js';
import { MAX_IN_FLIGHT, PostgresPipeline } from '../../src/db/postgres-pipeline.js';
import type { NamedQuery } from '../../src/db/postgres-pool.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { testDialects } from '../dialects.js';
import { runTunings as tunings, tuningTitle } from '../tuning.js';

/**
 * The pipelined connections of short reads on PostgreSQL (src/db/postgres-pipeline.ts): each
 * statement gets its own answer or its own error, a turn's statements leave in one write per
 * connection, and a lost connection is replaced by the next statement.
 */
describe.runIf(testDialects().includes('postgres'))('PostgresPipeline', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const guard = new PostgresGuard(url, { connectMs: 2_000, stallMs: 1_000, queryMs: 10_000 });
  let pipeline: PostgresPipeline | undefined;
  const clients: pg.Client[] = [];
  /** Statements sent to the pool because the pipeline was full (the `otherwise` of query). */
  let overflowed = 0;
  const pool = new pg.Pool(guard.poolConfig(4));
  const open = (size: number) => {
    const opened = new PostgresPipeline(() => {
      const client = guard.pipelinedClient();
      clients.push(client);
      return client;
    }, size, tunings.holdWrites);
    pipeline = opened;
    return {
      query: <R extends pg.QueryResultRow>(query: NamedQuery) =>
        opened.query<R>(query, async () => {
          overflowed++;
          return (await pool.query<R>(query)).rows;
        }),
      close: () => opened.close(),
    };
  };
  afterEach(async () => {
    await pipeline?.close();
    pipeline = undefined;
    clients.length = 0;
    overflowed = 0;
  });
  afterAll(async () => {
    await pool.end();
    guard.close();
  });

  const echo = (value: string) => ({ name: 'test_pipeline_echo', text: 'select $1::text as value, pg_backend_pid() as pid', values: [value] });

  it('answers each of many statements sent at once with its own row, on at most `size` connections', async () => {
    const reads = open(2);
    const values = Array.from({ length: 2 * MAX_IN_FLIGHT - 4 }, (_, i) => `value-${i}`);
    const rows = await Promise.all(values.map((value) => reads.query<{ value: string; pid: number }>(echo(value))));
    expect(rows.map((r) => r[0]!.value)).toEqual(values);
    const backends = new Set(rows.map((r) => r[0]!.pid));
    expect(backends.size).toBeGreaterThanOrEqual(1);
    expect(backends.size).toBeLessThanOrEqual(2);
    expect(clients.length).toBe(backends.size);
    expect(overflowed).toBe(0);
  });

  it('sends statements beyond MAX_IN_FLIGHT per connection to the pool instead of queueing them', async () => {
    const reads = open(1);
    const values = Array.from({ length: MAX_IN_FLIGHT + 20 }, (_, i) => `many-${i}`);
    const rows = await Promise.all(values.map((value) => reads.query<{ value: string }>(echo(value))));
    expect(rows.map((r) => r[0]!.value)).toEqual(values);
    expect(overflowed).toBe(20);
    expect(clients.length).toBe(1);
  });

  const title = tuningTitle(
    'holds the statements of a turn in the socket until the turn ends, then sends them together',
    'with RUNTIME_TUNING=off, hands each statement to the kernel at once',
  );
  it(title, async () => {
    const reads = open(1);
    await reads.query(echo('connect'));
    const socket = socketOf(clients[0]!)!;
    const answers = Array.from({ length: 10 }, (_, i) => reads.query<{ value: string }>(echo(`turn-${i}`)));
    // query() reaches the socket after a microtask: let those run, still in this turn.
    await Promise.resolve();
    await Promise.resolve();
    // With the tuning, the turn's statements are buffered in the socket's stream, not yet handed to the kernel.
    if (tunings.on) {
      expect(socket.writableCorked).toBeGreaterThan(0);
      expect(socket.writableLength).toBeGreaterThan(0);
    } else {
      expect(socket.writableLength).toBe(0);
    }
    const rows = await Promise.all(answers);
    expect(rows.map((r) => r[0]!.value)).toEqual(Array.from({ length: 10 }, (_, i) => `turn-${i}`));
    expect(socket.writableCorked).toBe(0);
  });

  it("fails only the statement that errs; the others of its turn get their rows", async () => {
    const reads = open(1);
    const divide = (n: number) => reads.query<{ q: number }>({ name: 'test_pipeline_divide', text: 'select 10 / $1::int as q', values: [n] });
    const results = await Promise.allSettled([divide(2), divide(0), divide(5)]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: [{ q: 5 }] });
    expect(results[1].status).toBe('rejected');
    expect(((results[1] as PromiseRejectedResult).reason as pg.DatabaseError).code).toBe('22012');
    expect(results[2]).toEqual({ status: 'fulfilled', value: [{ q: 2 }] });
    expect(await divide(1)).toEqual([{ q: 10 }]);
  });

  it('fails the statements in flight on a connection PostgreSQL ends (503), and the next statement opens a new one', async () => {
    const reads = open(1);
    const { pid } = (await reads.query<{ pid: number }>(echo('first')))[0]!;
    const slow = reads.query({ name: 'test_pipeline_sleep', text: 'select pg_sleep($1::float) as slept', values: [5] });
    const behind = reads.query(echo('behind'));
    const settled = Promise.allSettled([slow, behind]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Ended while pg_sleep runs, with a statement queued behind it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    const failures = await settled;
    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      expect(isDatabaseUnavailable((failure as PromiseRejectedResult).reason)).toBe(true);
    }
    const [again] = await reads.query<{ value: string; pid: number }>(echo('again'));
    expect(again!.value).toBe('again');
    expect(again!.pid).not.toBe(pid);
    expect(clients.length).toBe(2);
  });

  it('refuses statements once closed, after answering those already sent', async () => {
    const reads = open(1);
    const sent = reads.query<{ value: string }>(echo('sent'));
    await reads.close();
    expect((await sent)[0]!.value).toBe('sent');
    await expect(reads.query(echo('late'))).rejects.toSatisfy(isDatabaseUnavailable);
  });
});
