import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.js';
import { setupApp, type TestApp } from '../harness.js';

const counted = ['courses', 'students', 'enrollments'] as const;

/**
 * `row_counts` under writes the API never makes but loads, imports and operators do: statements of
 * many rows spanning workspaces, cascades, savepoints, concurrent transactions. On PostgreSQL the
 * counters are kept per statement (migration statement-row-counts), on SQLite per row; either way
 * every counter must equal `count(*)` of its rows after each step.
 */
describe.each(testDialects())('row counts of multi-row statements [%s]', (dialect) => {
  let t: TestApp;
  let db: Kysely<any>;
  let workspaces: [string, string];
  beforeAll(async () => {
    t = await setupApp(dialect);
    db = t.ctx.db;
    const other = await t.newKey();
    const workspaceOf = async (accountId: string) => (await db.selectFrom('api_keys').select('workspace_id').where('account_id', '=', accountId).executeTakeFirstOrThrow()).workspace_id as string;
    workspaces = [await workspaceOf(t.accountId), await workspaceOf(other.accountId)];
  });
  afterAll(() => t.close());

  const now = '2026-11-21T12:00:00.000Z';
  const course = (ws: string, id: string) => ({ id, workspace_id: ws, title: id, description: '', published: 0, enrollment_count: 0, metadata: '{}', version: 1, created_at: now, updated_at: now });
  const student = (ws: string, id: string) => ({ id, workspace_id: ws, email: `${id}@example.com`, email_normalized: `${id}@example.com`, name: id, external_id: null, metadata: '{}', version: 1, created_at: now, updated_at: now });
  const enrollment = (ws: string, id: string, studentId: string, courseId: string) => ({ id, workspace_id: ws, student_id: studentId, course_id: courseId, status: 'active', enrolled_at: now, completed_at: null, version: 1, created_at: now, updated_at: now });

  /** Every counter of both workspaces against count(*) of its rows; answers the counts. */
  async function expectExact(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const ws of workspaces) {
      for (const table of counted) {
        const actual = Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
        const row = await db.selectFrom('row_counts').select('count').where('workspace_id', '=', ws).where('resource', '=', table).executeTakeFirst();
        expect(Number(row?.count ?? 0), `${table} of ${ws === workspaces[0] ? 'the first' : 'the second'} workspace`).toBe(actual);
        counts[`${ws === workspaces[0] ? 'a' : 'b'}.${table}`] = actual;
      }
    }
    if (dialect === 'postgres') {
      // The recorded changes live only inside their transaction.
      expect(Number((await sql<{ n: string }>`select count(*) as n from row_count_changes`.execute(db)).rows[0]!.n)).toBe(0);
    }
    return counts;
  }

  it('counts one statement of rows of two workspaces, and a cascade delete of both', async () => {
    const [a, b] = workspaces;
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}_${i}`);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('courses').values([...ids('crs_rc_a', 3).map((id) => course(a, id)), ...ids('crs_rc_b', 2).map((id) => course(b, id))]).execute();
      await trx.insertInto('students').values([...ids('stu_rc_a', 40).map((id) => student(a, id)), ...ids('stu_rc_b', 25).map((id) => student(b, id))]).execute();
      // Every student in every course of its workspace, in one statement: 120 + 50 enrollments.
      await trx
        .insertInto('enrollments')
        .values([
          ...ids('stu_rc_a', 40).flatMap((s) => ids('crs_rc_a', 3).map((c) => enrollment(a, `enr_${s}_${c}`, s, c))),
          ...ids('stu_rc_b', 25).flatMap((s) => ids('crs_rc_b', 2).map((c) => enrollment(b, `enr_${s}_${c}`, s, c))),
        ])
        .execute();
    });
    expect(await expectExact()).toMatchObject({ 'a.courses': 3, 'a.students': 40, 'a.enrollments': 120, 'b.courses': 2, 'b.students': 25, 'b.enrollments': 50 });

    // One delete of a course in each workspace: their enrollments go by cascade (40 and 25).
    await db.deleteFrom('courses').where('id', 'in', ['crs_rc_a_0', 'crs_rc_b_0']).execute();
    expect(await expectExact()).toMatchObject({ 'a.courses': 2, 'a.enrollments': 80, 'b.courses': 1, 'b.enrollments': 25 });

    // One delete of enrollments, then one of students, each of both workspaces (students' enrollments do not cascade).
    const leaving = [...ids('stu_rc_a', 10), ...ids('stu_rc_b', 5)];
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('enrollments').where('student_id', 'in', leaving).execute();
      await trx.deleteFrom('students').where('id', 'in', leaving).execute();
    });
    expect(await expectExact()).toMatchObject({ 'a.students': 30, 'a.enrollments': 60, 'b.students': 20, 'b.enrollments': 20 });
  });

  it('counts inserts and deletes of one transaction together, and nothing of a rolled-back savepoint', async () => {
    const [a, b] = workspaces;
    const before = await expectExact();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('courses').values([course(a, 'crs_tx_1'), course(b, 'crs_tx_2'), course(b, 'crs_tx_3')]).execute();
      await trx.deleteFrom('courses').where('id', '=', 'crs_tx_2').execute();
      // A savepoint that inserts, then is rolled back: its rows and their counting both go.
      await sql`savepoint inserts`.execute(trx);
      await trx.insertInto('courses').values([course(a, 'crs_tx_4'), course(b, 'crs_tx_5')]).execute();
      await sql`rollback to savepoint inserts`.execute(trx);
      // An upsert that inserts one row and updates another counts the insert only.
      await trx
        .insertInto('courses')
        .values([course(a, 'crs_tx_1'), course(a, 'crs_tx_6')])
        .onConflict((oc) => oc.column('id').doUpdateSet({ title: 'upserted' }))
        .execute();
    });
    expect(await expectExact()).toMatchObject({ 'a.courses': before['a.courses']! + 2, 'b.courses': before['b.courses']! + 1 });
  });

  it('counts a statement that inserts nothing, and a rolled-back transaction, as nothing', async () => {
    const before = await expectExact();
    await db.insertInto('courses').columns(['id', 'workspace_id', 'title', 'description', 'published', 'enrollment_count', 'metadata', 'version', 'created_at', 'updated_at']).expression(db.selectFrom('courses').select(['id', 'workspace_id', 'title', 'description', 'published', 'enrollment_count', 'metadata', 'version', 'created_at', 'updated_at']).where(sql<boolean>`1 = 0`)).execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('students').values([student(workspaces[0], 'stu_rolled_back')]).execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await expectExact()).toEqual(before);
  });

  it('keeps no counter of a deleted workspace', async () => {
    const extra = await t.newKey();
    const ws = (await db.selectFrom('api_keys').select('workspace_id').where('account_id', '=', extra.accountId).executeTakeFirstOrThrow()).workspace_id as string;
    await db.insertInto('courses').values([course(ws, 'crs_gone_1'), course(ws, 'crs_gone_2')]).execute();
    await db.insertInto('students').values([student(ws, 'stu_gone')]).execute();
    await db.insertInto('enrollments').values([enrollment(ws, 'enr_gone', 'stu_gone', 'crs_gone_1')]).execute();
    expect(Number((await db.selectFrom('row_counts').select('count').where('workspace_id', '=', ws).where('resource', '=', 'courses').executeTakeFirstOrThrow()).count)).toBe(2);
    // Deleting the workspace cascades to its rows, whose counting must not make its counters again.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('api_keys').where('workspace_id', '=', ws).execute();
      await trx.deleteFrom('workspaces').where('id', '=', ws).execute();
    });
    for (const table of counted) expect(await db.selectFrom(table).select('id').where('workspace_id', '=', ws).execute()).toHaveLength(0);
    expect(await db.selectFrom('row_counts').select('count').where('workspace_id', '=', ws).execute()).toHaveLength(0);
  });

  if (dialect === 'postgres') {
    it('lets two transactions insert into one workspace at once (the counter changes at commit), and counts both', async () => {
      const [a] = workspaces;
      const before = await expectExact();
      let inserted = 0;
      const bothInserted = async () => {
        inserted++;
        const deadline = Date.now() + 5_000;
        while (inserted < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(inserted, 'the other transaction waited for this one').toBe(2);
      };
      await Promise.all(
        [1, 2].map((n) =>
          db.transaction().execute(async (trx) => {
            await trx.insertInto('courses').values([course(a, `crs_concurrent_${n}_1`), course(a, `crs_concurrent_${n}_2`)]).execute();
            await bothInserted();
          }),
        ),
      );
      expect(await expectExact()).toMatchObject({ 'a.courses': before['a.courses']! + 4 });
    });
  }
});
