// The query plans of the list and read routes' statements on the grown workspace: the SQL the
// repositories really build (captured by a Kysely plugin as they run, not written again here),
// then EXPLAIN QUERY PLAN on SQLite or EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL with the same
// parameters. A plan that scans the workspace instead of seeking an index shows up here before it
// shows up as a ratio.
import { CompiledQuery, createQueryId, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Database } from '../src/db/database.js';
import { findKeyBySecretHash } from '../src/modules/api-keys/api-keys.repository.js';
import { courseSorts } from '../src/modules/courses/courses.schemas.js';
import { countCourses, findCourse, listCourses } from '../src/modules/courses/courses.repository.js';
import { studentSorts } from '../src/modules/students/students.schemas.js';
import { countStudents, findStudent, listStudents } from '../src/modules/students/students.repository.js';
import type { PageRequest } from '../src/shared/pagination.js';

export interface Plan {
  name: string;
  sql: string;
  plan: string[];
}

/** Remembers every query that runs through the Kysely it is plugged into, compiled. */
class Capture implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Runs `run` on a stand-in for the database that records its statements: those built with Kysely
 * through the plugin, the prepared ones (handed to `executeQuery` already compiled) by the proxy.
 * The stand-in is not a Database, so prepared statements take the plain Kysely path (no SQLite
 * reader, no PostgreSQL named statement) with the same SQL text.
 */
async function captured(db: Database, capture: Capture, run: (db: Database) => Promise<unknown>): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const plugged = db.withPlugin(capture);
  const spy = new Proxy(plugged, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          queries.push(query);
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await run(spy as unknown as Database);
  // A prepared statement is seen twice: built through the plugin when first compiled (with
  // placeholders for its parameters), then run with the real ones, which are the ones kept.
  const all = [...queries, ...capture.nodes.map((node) => db.getExecutor().compileQuery(node, createQueryId()))];
  return all.filter((query, i) => all.findIndex((other) => other.sql === query.sql) === i);
}

export interface ExplainTargets {
  workspaceId: string;
  keyHash: string;
  studentId: string;
  courseId: string;
  /** The keyset position ~100 rows from the end of the students. */
  deep: { value: string; id: string };
}

export async function explainHotStatements(db: Database, t: ExplainTargets): Promise<Plan[]> {
  const page = (sort: PageRequest['sort']): PageRequest => ({ mode: 'page', page: 1, perPage: 20, sortName: 'created_at', sort });
  const cursor = (sort: PageRequest['sort'], after?: { value: string; id: string }): PageRequest => ({ mode: 'cursor', perPage: 100, sortName: 'created_at', sort, after });
  const statements: [string, (db: Database) => Promise<unknown>][] = [
    ['key lookup (every request)', (d) => findKeyBySecretHash(d, t.keyHash)],
    ['GET /students page 1: rows', (d) => listStudents(d, t.workspaceId, {}, page(studentSorts.created_at))],
    ['GET /students page 1: total', (d) => countStudents(d, t.workspaceId, {})],
    ['GET /students cursor, first page', (d) => listStudents(d, t.workspaceId, {}, cursor(studentSorts.created_at))],
    ['GET /students cursor, ~100 rows from the end', (d) => listStudents(d, t.workspaceId, {}, cursor(studentSorts.created_at, t.deep))],
    ['GET /students/:id', (d) => findStudent(d, t.workspaceId, t.studentId)],
    ['GET /courses page 1: rows', (d) => listCourses(d, t.workspaceId, {}, page(courseSorts.created_at))],
    ['GET /courses page 1: total', (d) => countCourses(d, t.workspaceId, {})],
    ['GET /courses/:id', (d) => findCourse(d, t.workspaceId, t.courseId)],
  ];
  const plans: Plan[] = [];
  for (const [name, run] of statements) {
    const capture = new Capture();
    for (const query of await captured(db, capture, run)) {
      const rows =
        db.dialect === 'postgres'
          ? (await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers, costs off) ${query.sql}`, [...query.parameters]))).rows.map((r) => r['QUERY PLAN'])
          : (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows.map((r) => r.detail);
      plans.push({ name, sql: query.sql, plan: rows });
    }
  }
  return plans;
}

export function formatPlans(database: string, plans: Plan[]): string {
  const lines = [`Query plans on the grown workspace [${database}] (${database === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS)' : 'EXPLAIN QUERY PLAN'}):`];
  for (const plan of plans) {
    lines.push(`  ${plan.name}`);
    for (const line of plan.plan) lines.push(`      ${line}`);
  }
  return lines.join('\n');
}
