import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterCommit, inUnitOfWork, outsideUnitOfWork, runUnitOfWork } from '../../src/db/unit-of-work.js';
import { createCourse, getCourse } from '../../src/modules/courses/courses.service.js';
import { testDialects } from '../dialects.js';
import { setupApp, type TestApp } from '../harness.js';

/**
 * The unit of work (src/db/unit-of-work.ts) on both databases: every query made inside it runs on
 * its connection and transaction, the services' own transactions become savepoints of it, and
 * nothing of it is seen outside before it commits.
 */
describe.each(testDialects())('unit of work [%s]', (dialect) => {
  let t: TestApp;
  let workspaceId: string;
  beforeAll(async () => {
    t = await setupApp(dialect);
    workspaceId = (await t.ctx.db.selectFrom('api_keys').select('workspace_id').where('account_id', '=', t.accountId).executeTakeFirstOrThrow()).workspace_id;
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const titled = async (title: string) => (await db().selectFrom('courses').select('id').where('title', '=', title).execute()).length;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('commits its writes, the services’ transactions included, when the work resolves', async () => {
    const course = await runUnitOfWork(db(), async () => {
      expect(inUnitOfWork()).toBe(true);
      return (await createCourse(t.ctx, workspaceId, { title: 'Committed unit' })).data;
    });
    expect(inUnitOfWork()).toBe(false);
    expect(await titled('Committed unit')).toBe(1);
    expect(await db().selectFrom('events').select('id').where('type', '=', 'course.created').where('data', 'like', `%${course.id}%`).execute()).toHaveLength(1);
  });

  it('runs a service’s transaction as a savepoint: the unit’s rollback undoes its committed writes', async () => {
    await expect(
      runUnitOfWork(db(), async () => {
        await createCourse(t.ctx, workspaceId, { title: 'Nested then undone' });
        expect(await titled('Nested then undone')).toBe(1);
        throw new Error('after the nested commit');
      }),
    ).rejects.toThrow('after the nested commit');
    expect(await titled('Nested then undone')).toBe(0);
  });

  it('rolls back a failed nested transaction alone, also after a constraint violation on PostgreSQL', async () => {
    await runUnitOfWork(db(), async () => {
      const kept = (await createCourse(t.ctx, workspaceId, { title: 'Outer kept' })).data;
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.insertInto('courses').values(courseRow(workspaceId, 'crs_nested_rolled_back', 'Nested rolled back')).execute();
            // The same primary key again: a unique violation, which on PostgreSQL aborts the transaction it is in.
            await trx.insertInto('courses').values(courseRow(workspaceId, kept.id, 'Duplicate id')).execute();
          }),
      ).rejects.toThrow();
      // The unit goes on: its transaction is intact.
      await createCourse(t.ctx, workspaceId, { title: 'After the failed savepoint' });
    });
    expect(await titled('Outer kept')).toBe(1);
    expect(await titled('Nested rolled back')).toBe(0);
    expect(await titled('After the failed savepoint')).toBe(1);
  });

  it('reads its own writes, also on the prepared read paths (SQLite reader, PostgreSQL named statements), and nobody else sees them before the commit', async () => {
    let seenOutside: unknown = 'not read';
    await runUnitOfWork(db(), async () => {
      const course = (await createCourse(t.ctx, workspaceId, { title: 'Read inside' })).data;
      const inside = await getCourse(t.ctx, workspaceId, course.id);
      expect(inside.data.title).toBe('Read inside');
      // A read by another request (outside the unit): the course is not there yet.
      seenOutside = await outsideUnitOfWork(() =>
        (async () => getCourse(t.ctx, workspaceId, course.id))().then(
          () => 'found',
          (error: { code?: string }) => error.code,
        ),
      );
    });
    expect(seenOutside).toBe('resource_not_found');
  });

  it('sends work that outlives the unit (a timer it started) to the pool, not to the connection it had', async () => {
    let timerInUnit: boolean | undefined;
    const timerDone = new Promise<void>((resolve, reject) => {
      void runUnitOfWork(db(), async () => {
        setTimeout(() => {
          timerInUnit = inUnitOfWork();
          db()
            .insertInto('courses')
            .values(courseRow(workspaceId, 'crs_from_stale_timer', 'From a stale timer'))
            .execute()
            .then(() => resolve(), reject);
        }, 30);
      });
    });
    // Another unit holds a connection (on SQLite the only one) while the timer fires, then rolls back.
    await expect(
      runUnitOfWork(db(), async () => {
        await createCourse(t.ctx, workspaceId, { title: 'Second unit, rolled back' });
        await sleep(80);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await timerDone;
    expect(timerInUnit).toBe(false);
    expect(await titled('Second unit, rolled back')).toBe(0);
    // Written on its own, not inside the unit that rolled back.
    expect(await titled('From a stale timer')).toBe(1);
  });

  it('runs afterCommit callbacks after the commit and outside the unit; drops them on rollback', async () => {
    const calls: string[] = [];
    afterCommit(() => calls.push('no unit: at once'));
    expect(calls).toEqual(['no unit: at once']);
    await runUnitOfWork(db(), async () => {
      afterCommit(() => calls.push(`committed, in unit: ${inUnitOfWork()}`));
      await db()
        .transaction()
        .execute(async () => afterCommit(() => calls.push('from a released savepoint')))
        .catch(() => {});
      await db()
        .transaction()
        .execute(async () => {
          afterCommit(() => calls.push('from a rolled-back savepoint'));
          throw new Error('nested');
        })
        .catch(() => {});
      expect(calls).toHaveLength(1);
    });
    await runUnitOfWork(db(), async () => {
      afterCommit(() => calls.push('from a rolled-back unit'));
      throw new Error('unit');
    }).catch(() => {});
    expect(calls).toEqual(['no unit: at once', 'committed, in unit: false', 'from a released savepoint']);
  });

  if (dialect === 'postgres') {
    /** The text of every statement sent to PostgreSQL while `work` runs, in order. */
    const statementsOf = async (work: () => Promise<unknown>): Promise<string[]> => {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await work();
        return query.mock.calls.map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text));
      } finally {
        query.mockRestore();
      }
    };
    const control = (statements: string[]) => statements.filter((text) => /^(begin|savepoint|release|rollback|commit)\b/.test(text));

    it('sends its begin with its first savepoint and leaves out the releases its commit makes (round trips)', async () => {
      const sent = await statementsOf(() =>
        runUnitOfWork(db(), async () => {
          await createCourse(t.ctx, workspaceId, { title: 'Joined statements 1' });
          await db().selectFrom('courses').select('id').where('title', '=', 'Joined statements 1').execute();
          await createCourse(t.ctx, workspaceId, { title: 'Joined statements 2' });
        }),
      );
      expect(control(sent)).toEqual(['begin; savepoint s1', 'release savepoint s1; savepoint s2', 'commit']);
      // Every statement of the two creates went on the unit's connection, inside its transaction.
      expect(await titled('Joined statements 1')).toBe(1);
      expect(await titled('Joined statements 2')).toBe(1);
    });

    it('creates a course in four statements: begin with its savepoint, the course, the event with the read of the endpoints it goes to, the commit', async () => {
      const sent = await statementsOf(() => runUnitOfWork(db(), () => createCourse(t.ctx, workspaceId, { title: 'Four statements' })));
      expect(sent.map((text) => text.split(' (')[0])).toEqual(['begin; savepoint s1', 'insert into "courses"', 'with "inserted" as', 'commit']);
      expect(sent[2]).toMatch(/^with "inserted" as \(insert into "events" .* from "webhook_endpoints"/);
      expect(await titled('Four statements')).toBe(1);
    });

    it('sends its begin alone before a first statement that is not a savepoint, and nothing at all when it ran none', async () => {
      const sent = await statementsOf(() =>
        runUnitOfWork(db(), async () => {
          await db().insertInto('courses').values(courseRow(workspaceId, 'crs_unit_begin_alone', 'Begin alone')).execute();
        }),
      );
      expect(control(sent)).toEqual(['begin', 'commit']);
      expect(await titled('Begin alone')).toBe(1);
      expect(await statementsOf(() => runUnitOfWork(db(), async () => 'nothing to do'))).toEqual([]);
      await expect(statementsOf(() => runUnitOfWork(db(), () => Promise.reject(new Error('before any statement'))))).rejects.toThrow('before any statement');
    });

    it('rolls back a nested transaction in one round trip, and the unit in one', async () => {
      const sent = await statementsOf(() =>
        runUnitOfWork(db(), async () => {
          await db()
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto('courses').values(courseRow(workspaceId, 'crs_unit_nested_undone', 'Nested undone')).execute();
              throw new Error('nested');
            })
            .catch(() => {});
          await createCourse(t.ctx, workspaceId, { title: 'Unit undone' });
          throw new Error('unit');
        }).catch(() => {}),
      );
      expect(control(sent)).toEqual(['begin; savepoint s1', 'rollback to savepoint s1; release savepoint s1', 'savepoint s2', 'rollback']);
      expect(await titled('Nested undone')).toBe(0);
      expect(await titled('Unit undone')).toBe(0);
    });

    it('runs two units at once on two connections', async () => {
      let inserted = 0;
      const bothInserted = async () => {
        inserted++;
        const deadline = Date.now() + 5_000;
        while (inserted < 2 && Date.now() < deadline) await sleep(5);
        expect(inserted, 'the other unit never ran while this one was open').toBe(2);
      };
      await Promise.all([
        runUnitOfWork(db(), async () => {
          await createCourse(t.ctx, workspaceId, { title: 'Concurrent unit A' });
          await bothInserted();
        }),
        runUnitOfWork(db(), async () => {
          await createCourse(t.ctx, workspaceId, { title: 'Concurrent unit B' });
          await bothInserted();
        }),
      ]);
      expect(await titled('Concurrent unit A')).toBe(1);
      expect(await titled('Concurrent unit B')).toBe(1);
    });
  } else {
    it('runs a second unit after the first has committed (SQLite has one write connection)', async () => {
      const events: string[] = [];
      await Promise.all([
        runUnitOfWork(db(), async () => {
          events.push('A begins');
          await createCourse(t.ctx, workspaceId, { title: 'Serial unit A' });
          await sleep(50);
          events.push('A ends');
        }),
        runUnitOfWork(db(), async () => {
          events.push('B begins');
          expect(await titled('Serial unit A')).toBe(1);
          events.push('B ends');
        }),
      ]);
      expect(events).toEqual(['A begins', 'A ends', 'B begins', 'B ends']);
    });
  }

  it('keeps a unit whole while another that overlapped it ends (the storage is switched off only when none is open)', async () => {
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    let secondSeen!: () => void;
    const secondStarted = new Promise<void>((resolve) => (secondSeen = resolve));
    const first = runUnitOfWork(db(), async () => {
      await createCourse(t.ctx, workspaceId, { title: 'Overlap first' });
      await firstMayEnd;
    });
    const second = runUnitOfWork(db(), async () => {
      await createCourse(t.ctx, workspaceId, { title: 'Overlap second' });
      secondSeen();
      await first; // the first unit ends (and is the only one that did) while this one goes on
      expect(inUnitOfWork()).toBe(true);
      await createCourse(t.ctx, workspaceId, { title: 'Overlap second, after the first ended' });
      throw new Error('roll the second back');
    });
    // On PostgreSQL the two run at once; on SQLite (one connection) the second starts once the first has ended.
    if (dialect === 'postgres') await secondStarted;
    releaseFirst();
    await expect(second).rejects.toThrow('roll the second back');
    // The second unit's writes, also those after the first unit ended, were on its own transaction.
    expect(await titled('Overlap first')).toBe(1);
    expect(await titled('Overlap second')).toBe(0);
    expect(await titled('Overlap second, after the first ended')).toBe(0);
    // Once none is open, a new unit works as the first did.
    await runUnitOfWork(db(), async () => {
      expect(inUnitOfWork()).toBe(true);
      await createCourse(t.ctx, workspaceId, { title: 'After every unit ended' });
    });
    expect(inUnitOfWork()).toBe(false);
    expect(await titled('After every unit ended')).toBe(1);
  });

  it('joins the unit already under way when called inside one', async () => {
    await expect(
      runUnitOfWork(db(), async () => {
        await runUnitOfWork(db(), () => createCourse(t.ctx, workspaceId, { title: 'Inner unit joins' }));
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await titled('Inner unit joins')).toBe(0);
  });

  it('waits for a nested transaction still under way before it rolls back (a Promise.all that rejected early)', async () => {
    await expect(
      runUnitOfWork(db(), async () => {
        await Promise.all([
          sleep(10).then(() => Promise.reject(new Error('one branch fails early'))),
          db()
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto('courses').values(courseRow(workspaceId, 'crs_late_branch_1', 'Late branch')).execute();
              await sleep(40);
              await trx.insertInto('courses').values(courseRow(workspaceId, 'crs_late_branch_2', 'Late branch')).execute();
            }),
        ]);
      }),
    ).rejects.toThrow('one branch fails early');
    // The late branch finished inside the unit and was rolled back with it; the database is usable.
    expect(await titled('Late branch')).toBe(0);
    expect(Number((await sql<{ one: number }>`select 1 as one`.execute(db())).rows[0]!.one)).toBe(1);
  });
});

function courseRow(workspaceId: string, id: string, title: string) {
  const now = new Date().toISOString();
  return { id, workspace_id: workspaceId, title, description: '', published: 0, enrollment_count: 0, metadata: '{}', version: 1, created_at: now, updated_at: now };
}
