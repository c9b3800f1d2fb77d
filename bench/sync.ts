// The grown-workspace case: one workspace with 1,000,000 students and 100,000 courses beside a small
// one (100 of each) in the same database, served by the same Lectern. The list routes (page mode and
// cursor mode) and the read routes are driven on both, interleaved; a grown workspace should cost
// what a small one costs (target ≤ 1.5×). Also, in cursor mode, the first page of the students
// against a page ~100 rows from the end of the million (keyset pagination: the same cost).
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.js';
import type { CoursesTable, DB, StudentsTable } from '../src/db/types.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createKey } from '../src/modules/api-keys/api-keys.service.js';
import { systemClock } from '../src/shared/clock.js';
import { newId } from '../src/shared/ids.js';
import { encodeCursor } from '../src/shared/pagination.js';
import { FORWARDED_HTTPS } from './lectern.js';
import { LoadAccumulator, randomPicker } from './load.js';
import { withSeededServer } from './seeded-server.js';
import { explainHotStatements, type Plan } from './explain.js';
import { hashKey } from '../src/modules/api-keys/key-format.js';

/** One route measured on the grown workspace and on the small one. */
export interface GrownRoute {
  name: string;
  grown_rps: number;
  small_rps: number;
  grown_p99_ms: number;
  small_p99_ms: number;
  grown_cpu_ms_per_request: number;
  small_cpu_ms_per_request: number;
  /** The grown workspace's CPU per request over the small one's (1.0 = the same; target ≤ 1.5). */
  grown_over_small: number;
}

export interface SyncResult {
  database: 'sqlite' | 'postgres';
  students: number;
  courses: number;
  seed_s: number;
  first_page_rps: number;
  first_page_p99_ms: number;
  deep_page_rps: number;
  deep_page_p99_ms: number;
  /** Mean time of a deep page over a first page (1.0 = the same). */
  deep_over_first: number;
  routes: GrownRoute[];
  /** The plans of the hot statements on the grown workspace (bench/explain.ts). */
  plans: Plan[];
}

interface SyncOptions {
  root: string;
  host: string;
  students: number;
  courses: number;
  durationS: number;
  connections: number;
  /** Admin URL of a PostgreSQL server: the case gets a database of its own there. */
  postgresUrl?: string;
  log: (message: string) => void;
}

/** Rows of each kind in the small workspace: a full page of 100 in both. */
const SMALL_ROWS = 100;
/** Ids of the grown workspace read at random by the read routes. */
const SAMPLED_IDS = 1000;

interface Seeded {
  deep: { value: string; id: string };
  grown: { workspaceId: string; courseIds: string[]; studentIds: string[] };
  small: { key: string; courseIds: string[]; studentIds: string[] };
}

export async function runSyncCase(options: SyncOptions): Promise<SyncResult> {
  options.log(`grown workspace: seeding ${options.students.toLocaleString('en')} students and ${options.courses.toLocaleString('en')} courses`);
  let plans: Plan[] = [];
  return withSeededServer(
    { name: 'sync', ...options },
    (db, workspaceId) => seed(db, workspaceId, options),
    async ({ database, server, headers, workspaceId, seedS }, seeded) => {
      // A deep page: the cursor a walk would hold ~100 rows before the end of a million.
      const deepCursor = encodeCursor('students', workspaceId, 'created_at', seeded.deep);
      const first = new LoadAccumulator({ name: 'first page', baseUrl: server.baseUrl, headers, nextPath: () => '/api/v1/students?cursor=&per_page=100' }, options.connections, server.pid);
      const deep = new LoadAccumulator(
        { name: 'deep page', baseUrl: server.baseUrl, headers, nextPath: () => `/api/v1/students?cursor=${deepCursor}&per_page=100` },
        options.connections,
        server.pid,
      );
      const smallHeaders = { ...FORWARDED_HTTPS, authorization: `Bearer ${seeded.small.key}` };
      const routes = routesOf(seeded);
      const loads = routes.flatMap((route) => [
        new LoadAccumulator({ name: `${route.name} grown`, baseUrl: server.baseUrl, headers, nextPath: route.grown }, options.connections, server.pid),
        new LoadAccumulator({ name: `${route.name} small`, baseUrl: server.baseUrl, headers: smallHeaders, nextPath: route.small }, options.connections, server.pid),
      ]);
      for (const load of [first, deep, ...loads]) await load.warmUp(1);
      for (let round = 0; round < 2; round++) {
        for (const load of [first, deep, ...loads]) await load.measure(options.durationS / 2);
      }
      const [a, b] = [first.result(), deep.result()];
      const results = loads.map((load) => load.result());
      const failed = [a, b, ...results].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      if (failed > 0) throw new Error(`grown-workspace case: ${failed} non-2xx answers or errors`);
      const ms = (value: number | undefined) => Math.round((value ?? 0) * 1000) / 1000;
      return {
        database,
        students: options.students,
        courses: options.courses,
        seed_s: Math.round(seedS * 10) / 10,
        first_page_rps: Math.round(a.rps),
        first_page_p99_ms: Math.round(a.p99Ms * 100) / 100,
        deep_page_rps: Math.round(b.rps),
        deep_page_p99_ms: Math.round(b.p99Ms * 100) / 100,
        deep_over_first: Math.round((a.rps / b.rps) * 100) / 100,
        routes: routes.map((route, i) => {
          const [grown, small] = [results[2 * i]!, results[2 * i + 1]!];
          return {
            name: route.name,
            grown_rps: Math.round(grown.rps),
            small_rps: Math.round(small.rps),
            grown_p99_ms: Math.round(grown.p99Ms * 100) / 100,
            small_p99_ms: Math.round(small.p99Ms * 100) / 100,
            grown_cpu_ms_per_request: ms(grown.cpuMsPerRequest),
            small_cpu_ms_per_request: ms(small.cpuMsPerRequest),
            grown_over_small: Math.round(((grown.cpuMsPerRequest ?? 0) / (small.cpuMsPerRequest ?? 1)) * 100) / 100,
          };
        }),
        plans,
      };
    },
    async (db, seeded, key) => {
      const { workspaceId, studentIds, courseIds } = seeded.grown;
      plans = await explainHotStatements(db, { workspaceId, keyHash: hashKey(key), studentId: studentIds[0]!, courseId: courseIds[0]!, deep: seeded.deep });
    },
  );
}

/** The list and read routes, each with the path of a request on the grown workspace and on the small one. */
function routesOf(seeded: Seeded): { name: string; grown: () => string; small: () => string }[] {
  const both = (path: string) => ({ grown: () => path, small: () => path });
  const grownCourse = randomPicker(seeded.grown.courseIds);
  const smallCourse = randomPicker(seeded.small.courseIds);
  const grownStudent = randomPicker(seeded.grown.studentIds);
  const smallStudent = randomPicker(seeded.small.studentIds);
  return [
    { name: 'GET /courses (page mode)', ...both('/api/v1/courses?page=1&per_page=20') },
    { name: 'GET /courses (cursor mode)', ...both('/api/v1/courses?cursor=&per_page=20') },
    { name: 'GET /students (page mode)', ...both('/api/v1/students?page=1&per_page=20') },
    { name: 'GET /students (cursor mode)', ...both('/api/v1/students?cursor=&per_page=20') },
    { name: 'GET /courses/:id', grown: () => `/api/v1/courses/${grownCourse()}`, small: () => `/api/v1/courses/${smallCourse()}` },
    { name: 'GET /students/:id', grown: () => `/api/v1/students/${grownStudent()}`, small: () => `/api/v1/students/${smallStudent()}` },
  ];
}

async function seed(db: Database, workspaceId: string, options: SyncOptions): Promise<Seeded> {
  const deep = await seedStudents(db, workspaceId, options.students, 'grown');
  const grown = { workspaceId, courseIds: sample(await seedCourses(db, workspaceId, options.courses, 'grown')), studentIds: sample(deep.ids) };
  const ctx = { db, clock: systemClock };
  const account = await createAccount(ctx, { name: 'small workspace', plan: 'enterprise' });
  const { record, key } = await createKey(ctx, { accountId: account.id, environment: 'production', name: 'small' });
  const smallStudents = await seedStudents(db, record.workspace_id, SMALL_ROWS, 'small');
  const smallCourses = await seedCourses(db, record.workspace_id, SMALL_ROWS, 'small');
  return { deep: deep.position, grown, small: { key, courseIds: smallCourses, studentIds: smallStudents.ids } };
}

function sample(ids: string[]): string[] {
  const step = Math.max(1, Math.floor(ids.length / SAMPLED_IDS));
  return ids.filter((_, i) => i % step === 0).slice(0, SAMPLED_IDS);
}

/**
 * Inserts students in multi-row batches inside a few large transactions (the fast way to load),
 * with creation times one millisecond apart. Answers their ids and the keyset position ~100 rows
 * from the end.
 */
async function seedStudents(db: Kysely<DB>, workspaceId: string, count: number, label: string) {
  const start = Date.UTC(2025, 0, 1);
  const batch = 1000;
  const ids: string[] = [];
  let position = { value: '', id: '' };
  for (let done = 0; done < count; ) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 50 && done < count; b++) {
        const rows: StudentsTable[] = [];
        for (let i = 0; i < batch && done < count; i++, done++) {
          const at = start + done;
          const iso = new Date(at).toISOString();
          const email = `student${done}@${label}.example.com`;
          const row = { id: newId('stu', at), workspace_id: workspaceId, email, email_normalized: email, name: `Student ${done}`, external_id: null, metadata: '{}', version: 1, created_at: iso, updated_at: iso };
          rows.push(row);
          ids.push(row.id);
          if (done === count - 101) position = { value: iso, id: row.id };
        }
        await trx.insertInto('students').values(rows).execute();
      }
    });
  }
  return { ids, position };
}

/** Published courses, as the students: batches in large transactions, a millisecond apart. */
async function seedCourses(db: Kysely<DB>, workspaceId: string, count: number, label: string): Promise<string[]> {
  const start = Date.UTC(2025, 6, 1);
  const ids: string[] = [];
  for (let done = 0; done < count; ) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < 50 && done < count; b++) {
        const rows: CoursesTable[] = [];
        for (let i = 0; i < 500 && done < count; i++, done++) {
          const iso = new Date(start + done).toISOString();
          const row = { id: newId('crs', start + done), workspace_id: workspaceId, title: `Course ${done} (${label})`, description: 'A course of the grown-workspace bench.', published: 1, enrollment_count: 0, metadata: '{}', external_id: null, version: 1, created_at: iso, updated_at: iso };
          rows.push(row);
          ids.push(row.id);
        }
        await trx.insertInto('courses').values(rows).execute();
      }
    });
  }
  return ids;
}
