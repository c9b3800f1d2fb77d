// `npm run bench [-- --duration N] [--rounds N] [--warmup N] [--rewarm N] [--write-warmup N] [--connections N] [--courses N] [--skip-build]
//   [--redis URL | --no-redis] [--no-sync] [--sync-students N] [--no-analytics] [--analytics-enrollments N] [--postgres URL]
//   [--no-import] [--import-rows N] [--import-large N] [--import-cpu-prof DIR] [--only sync|analytics|import] [--json]`
//
// Builds Lectern, starts it on a fresh temp data dir (and, with --postgres, on a PostgreSQL database
// of its own), seeds courses, starts the baselines (hello-world, floor, and floor-postgres with
// --postgres) and loads the targets with autocannon, one server busy at a time: each
// target gets `duration` seconds in all, in `rounds` slices interleaved with the other targets'
// (so drift of the machine's speed hits every target alike), then prints a report.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBaselines } from './baselines.js';
import {
  buildProject,
  COURSE_DESCRIPTION,
  createApiKey,
  FORWARDED_HTTPS,
  seedThroughOwnServer,
  startLectern,
} from './lectern.js';
import { LoadAccumulator, randomPicker, type Target } from './load.js';
import { type AnalyticsResult, runAnalyticsCase } from './analytics.js';
import { runSyncCase, type SyncResult } from './sync.js';
import { importCases, type ImportResult, runImportCase } from './import.js';
import { formatPlans } from './explain.js';
import {
  buildReport,
  FLOOR,
  FLOOR_CHECKED,
  FLOOR_CHECKED_UNTUNED,
  FLOOR_LIST,
  FLOOR_POSTGRES,
  FLOOR_POSTGRES_LIST,
  FLOOR_POSTGRES_WRITE,
  FLOOR_WRITE,
  formatReport,
  HELLO,
  LIMITS_OFF,
  LIMITS_REDIS,
  type Measurement,
  ON_POSTGRES,
  ON_POSTGRES_REDIS,
  ON_POSTGRES_REDIS_EXACT,
  type Report,
  UNTUNED,
} from './report.js';
import { killAllServersNow, rssMb, stopAllServers, type ServerHandle } from './servers.js';
import { createPostgresDatabase, dropPostgresDatabase } from './seeded-server.js';
import { type LimitScriptResult, measureLimitScript } from './limit-script.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';

interface Options {
  durationS: number;
  rounds: number;
  warmupS: number;
  /**
   * Seconds of unmeasured load each target gets right before each of its slices (`--rewarm N`):
   * between its slices a server sits idle while the other targets are measured (half a minute on
   * a full run), and its first second back costs up to three times the CPU per request of the
   * next ones (bench/README.md, "Idle between slices"). The rows are of busy servers.
   */
  rewarmS: number;
  /** Requests each write target gets as warm-up besides `warmupS` (`--write-warmup N`). */
  writeWarmup: number;
  connections: number;
  courses: number;
  skipBuild: boolean;
  /** The sync-at-scale case (`--no-sync` skips it). */
  sync: boolean;
  syncStudents: number;
  syncCourses: number;
  /** The analytics case (`--no-analytics` skips it). */
  analytics: boolean;
  analyticsEnrollments: number;
  /** The import case (`--no-import` skips it): a zip of `importRows` students + as many enrollments, and `importLarge` students alone on SQLite (0: not). */
  import: boolean;
  importRows: number;
  importLarge: number;
  /** `--import-cpu-prof DIR`: each import's server writes a CPU profile there. */
  importCpuProfileDir: string | undefined;
  /**
   * `--postgres postgres://…` (an admin URL): the HTTP rows also run on PostgreSQL (a database of
   * their own, created and dropped here) against a Fastify + pg floor, and the large-data cases too.
   */
  postgresUrl: string | undefined;
  /** Redis for the limiter case's shared-limits variant (`--no-redis` skips it). */
  redisUrl: string | undefined;
  /** Run one case alone (`--only sync|analytics|import`): no HTTP targets, no other case. */
  only: 'sync' | 'analytics' | 'import' | undefined;
  json: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      rewarm: { type: 'string', default: '1' },
      'write-warmup': { type: 'string', default: '15000' },
      connections: { type: 'string', default: '10' },
      courses: { type: 'string', default: '1000' },
      'skip-build': { type: 'boolean', default: false },
      sync: { type: 'boolean', default: true },
      'sync-students': { type: 'string', default: '1000000' },
      'sync-courses': { type: 'string', default: '100000' },
      analytics: { type: 'boolean', default: true },
      'analytics-enrollments': { type: 'string', default: '100000' },
      import: { type: 'boolean', default: true },
      'import-rows': { type: 'string', default: '10000' },
      'import-large': { type: 'string', default: '100000' },
      'import-cpu-prof': { type: 'string' },
      postgres: { type: 'string' },
      redis: { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
      'no-redis': { type: 'boolean', default: false },
      only: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const positive = (name: string, raw: string, min: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
    return value;
  };
  if (values.only !== undefined && values.only !== 'sync' && values.only !== 'analytics' && values.only !== 'import') throw new Error(`--only must be sync, analytics or import, got "${values.only}"`);
  const only = values.only;
  return {
    durationS: positive('duration', values.duration, 1),
    rounds: positive('rounds', values.rounds, 1),
    warmupS: positive('warmup', values.warmup, 0),
    rewarmS: positive('rewarm', values.rewarm, 0),
    writeWarmup: positive('write-warmup', values['write-warmup'], 0),
    connections: positive('connections', values.connections, 1),
    courses: positive('courses', values.courses, 1),
    skipBuild: values['skip-build'],
    sync: only === undefined ? values.sync : only === 'sync',
    syncStudents: positive('sync-students', values['sync-students'], 1000),
    syncCourses: positive('sync-courses', values['sync-courses'], 100),
    analytics: only === undefined ? values.analytics : only === 'analytics',
    analyticsEnrollments: positive('analytics-enrollments', values['analytics-enrollments'], 1000),
    import: only === undefined ? values.import : only === 'import',
    importRows: positive('import-rows', values['import-rows'], 1),
    importLarge: positive('import-large', values['import-large'], 0),
    importCpuProfileDir: values['import-cpu-prof'],
    postgresUrl: values.postgres,
    redisUrl: values['no-redis'] ? undefined : values.redis,
    only,
    json: values.json,
  };
}

/** Progress goes to stderr; stdout only carries the report (and the JSON line). */
const log = (message: string): void => {
  process.stderr.write(`bench: ${message}\n`);
};

let dataDir: string | undefined;
/** The PostgreSQL database of the HTTP rows (admin URL and name), dropped at the end. */
let postgresDatabase: { adminUrl: string; name: string } | undefined;

async function dropPostgres(): Promise<void> {
  if (postgresDatabase === undefined) return;
  const { adminUrl, name } = postgresDatabase;
  postgresDatabase = undefined;
  await dropPostgresDatabase(adminUrl, name).catch((err: unknown) => log(`could not drop ${name}: ${err instanceof Error ? err.message : String(err)}`));
}

function removeDataDir(): void {
  if (dataDir !== undefined) {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
}

/** Whether Redis answers a PING within a second (the limiter case's Redis variant needs one). */
async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}


/**
 * The targets, in report order; each names the server whose RSS is sampled. Targets that write
 * (`mutates`) are loaded after the others, so the rows they add do not change what reads measure.
 * Lectern's rows run on the default server and again on one with RUNTIME_TUNING=off (`untuned`).
 */
function benchPlan(
  servers: {
    hello: ServerHandle;
    floor: ServerHandle;
    lectern: ServerHandle;
    untuned: ServerHandle;
    unlimited: ServerHandle;
    shared: ServerHandle | undefined;
    postgres: PostgresServers | undefined;
  },
  auth: Record<string, string>,
  ids: readonly string[],
): Array<{ server: ServerHandle; target: Target; mutates?: boolean }> {
  const { hello, floor, lectern, untuned, unlimited, shared, postgres } = servers;
  const randomId = randomPicker(ids);
  let created = 0;
  let keys = 0;
  // The limiter case: the same request with limits off, and (the default) in memory, and in Redis.
  const byId = (server: ServerHandle, name: string, headers = auth, pick = randomId) => ({
    server,
    target: { name, baseUrl: server.baseUrl, headers, nextPath: () => `/api/v1/courses/${pick()}` },
  });
  // The newest 100 courses, as the list floors read them.
  const list = (server: ServerHandle, name: string, headers = auth) => ({
    server,
    target: { name, baseUrl: server.baseUrl, headers, nextPath: () => '/api/v1/courses?per_page=100&sort=-created_at' },
  });
  const create = (server: ServerHandle, name: string, headers = auth, path = '/api/v1/courses') => ({
    server,
    mutates: true,
    target: {
      name,
      baseUrl: server.baseUrl,
      method: 'POST' as const,
      headers: { ...headers, 'content-type': 'application/json' },
      nextPath: () => path,
      nextBody: () => JSON.stringify({ title: `Bench course ${++created}`, description: COURSE_DESCRIPTION }),
      // Each create carries a key of its own, as a client that retries safely sends: the write
      // floors store one too.
      nextHeaders: () => ({ 'idempotency-key': `bench-${process.pid}-${++keys}` }),
    },
  });
  const LIST = 'GET /api/v1/courses?per_page=100';
  const POST = 'POST /api/v1/courses';
  return [
    { server: hello, target: { name: HELLO, baseUrl: hello.baseUrl, nextPath: () => '/' } },
    {
      server: floor,
      target: { name: FLOOR, baseUrl: floor.baseUrl, headers: auth, nextPath: () => `/courses/${randomId()}` },
    },
    { server: floor, target: { name: FLOOR_LIST, baseUrl: floor.baseUrl, headers: auth, nextPath: () => '/courses?per_page=100' } },
    byId(lectern, FLOOR_CHECKED),
    byId(untuned, FLOOR_CHECKED_UNTUNED),
    byId(unlimited, LIMITS_OFF),
    ...(shared ? [byId(shared, LIMITS_REDIS)] : []),
    list(lectern, LIST),
    list(untuned, `${LIST}, ${UNTUNED}`),
    ...(postgres ? postgresPlan(postgres) : []),
    create(floor, FLOOR_WRITE, auth, '/courses'),
    create(lectern, POST),
    create(untuned, `${POST}, ${UNTUNED}`),
    ...(postgres ? postgresWrites(postgres) : []),
  ];

  /** The same rows on PostgreSQL: limits in memory, off, and in Redis; the floor of their own kind. */
  function postgresPlan(pg: PostgresServers) {
    const pick = randomPicker(pg.ids);
    return [
      { server: pg.floor, target: { name: FLOOR_POSTGRES, baseUrl: pg.floor.baseUrl, headers: pg.auth, nextPath: () => `/courses/${pick()}` } },
      { server: pg.floor, target: { name: FLOOR_POSTGRES_LIST, baseUrl: pg.floor.baseUrl, headers: pg.auth, nextPath: () => '/courses?per_page=100' } },
      byId(pg.lectern, `${FLOOR_CHECKED}${ON_POSTGRES}`, pg.auth, pick),
      byId(pg.unlimited, `${FLOOR_CHECKED}${ON_POSTGRES}, limits off`, pg.auth, pick),
      ...(pg.shared ? [byId(pg.shared, `${FLOOR_CHECKED}${ON_POSTGRES_REDIS}`, pg.auth, pick)] : []),
      ...(pg.exact ? [byId(pg.exact, `${FLOOR_CHECKED}${ON_POSTGRES_REDIS_EXACT}`, pg.auth, pick)] : []),
      list(pg.lectern, `${LIST}${ON_POSTGRES}`, pg.auth),
      ...(pg.shared ? [list(pg.shared, `${LIST}${ON_POSTGRES_REDIS}`, pg.auth)] : []),
    ];
  }
  function postgresWrites(pg: PostgresServers) {
    return [
      create(pg.floor, FLOOR_POSTGRES_WRITE, pg.auth, '/courses'),
      create(pg.lectern, `${POST}${ON_POSTGRES}`, pg.auth),
      ...(pg.shared ? [create(pg.shared, `${POST}${ON_POSTGRES_REDIS}`, pg.auth)] : []),
    ];
  }
}

/** Lectern and its floor on a PostgreSQL database of the run's own. */
interface PostgresServers {
  floor: ServerHandle;
  /** Limits in memory (the default). */
  lectern: ServerHandle;
  unlimited: ServerHandle;
  /** Limits in Redis, RATE_LIMIT_MODE=leases; undefined without Redis. */
  shared: ServerHandle | undefined;
  /** Limits in Redis, RATE_LIMIT_MODE=exact (the default); undefined without Redis. */
  exact: ServerHandle | undefined;
  auth: Record<string, string>;
  ids: readonly string[];
}

async function main(): Promise<void> {
  const options = parseOptions();

  if (options.skipBuild) {
    log('skipping npm run build (--skip-build)');
  } else {
    log('npm run build');
    buildProject(ROOT);
  }
  const report = options.only === undefined ? await runTargets(options) : undefined;

  const sync: SyncResult[] = [];
  if (options.sync) {
    const syncOptions = { root: ROOT, host: HOST, students: options.syncStudents, courses: options.syncCourses, durationS: 4, connections: options.connections, log };
    sync.push(await runSyncCase(syncOptions));
    if (options.postgresUrl) sync.push(await runSyncCase({ ...syncOptions, postgresUrl: options.postgresUrl }));
  }

  const analytics: AnalyticsResult[] = [];
  if (options.analytics) {
    const analyticsOptions = { root: ROOT, host: HOST, enrollments: options.analyticsEnrollments, durationS: 4, connections: options.connections, log };
    analytics.push(await runAnalyticsCase(analyticsOptions));
    if (options.postgresUrl) analytics.push(await runAnalyticsCase({ ...analyticsOptions, postgresUrl: options.postgresUrl }));
  }

  const imports: ImportResult[] = [];
  if (options.import) {
    const importOptions = { root: ROOT, host: HOST, postgresUrl: options.postgresUrl, cpuProfileDir: options.importCpuProfileDir, log };
    for (const c of importCases({ rows: options.importRows, largeStudents: options.importLarge, postgres: options.postgresUrl !== undefined })) imports.push(await runImportCase(importOptions, c));
  }

  if (report) process.stdout.write(`${formatReport(report)}\n`);
  if (sync.length > 0) process.stdout.write(`${formatSync(sync)}\n`);
  if (analytics.length > 0) process.stdout.write(`${formatAnalytics(analytics, options.connections)}\n`);
  if (imports.length > 0) process.stdout.write(`${formatImports(imports)}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...(report ?? {}), sync, analytics, imports })}\n`);
}

/** The HTTP targets against Lectern and the baselines on a seeded data dir. */
async function runTargets(options: Options): Promise<Report> {
  dataDir = mkdtempSync(join(tmpdir(), 'lectern-bench-'));
  log(`data dir ${dataDir}`);
  const { apiKey } = createApiKey(ROOT, dataDir);
  // The floor gets the same headers as Lectern, so both parse identical requests.
  const auth = { ...FORWARDED_HTTPS, authorization: `Bearer ${apiKey}` };

  log(`seeding ${options.courses} courses through a server of their own`);
  const seedStart = Date.now();
  const ids = await seedThroughOwnServer(ROOT, dataDir, HOST, {}, apiKey, options.courses);
  log(`seeded ${ids.length} courses in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
  const lectern = await startLectern(ROOT, dataDir, HOST);
  log(`lectern ready at ${lectern.baseUrl} (pid ${lectern.pid})`);

  const dbFile = join(dataDir, 'lectern.db');
  if (!existsSync(dbFile)) throw new Error(`expected the Lectern database at ${dbFile}`);

  // PostgreSQL: a database of the run's own, its account and key through the CLI (which migrates),
  // seeded through the API like the SQLite one.
  let postgres: (Omit<PostgresServers, 'floor'> & { databaseUrl: string; apiKey: string }) | undefined;
  if (options.postgresUrl) {
    const name = `lectern_bench_http_${process.pid}`;
    const databaseUrl = await createPostgresDatabase(options.postgresUrl, name);
    postgresDatabase = { adminUrl: options.postgresUrl, name };
    const pgKey = createApiKey(ROOT, dataDir, databaseUrl).apiKey;
    const pgAuth = { ...FORWARDED_HTTPS, authorization: `Bearer ${pgKey}` };
    const pgEnv = { DATABASE_URL: databaseUrl };
    const pgIds = await seedThroughOwnServer(ROOT, dataDir, HOST, pgEnv, pgKey, options.courses);
    const pgLectern = await startLectern(ROOT, dataDir, HOST, pgEnv, 'lectern-postgres');
    log(`PostgreSQL: seeded ${pgIds.length} courses in ${name}`);
    const pgUnlimited = await startLectern(ROOT, dataDir, HOST, { ...pgEnv, RATE_LIMITS: 'off' }, 'lectern-postgres-limits-off');
    const withRedis = options.redisUrl !== undefined && (await redisAnswers(options.redisUrl));
    const redisEnv = (mode: string) => ({ ...pgEnv, REDIS_URL: options.redisUrl ?? '', REDIS_PREFIX: `lectern-bench-pg-${mode}:${process.pid}:`, RATE_LIMIT_MODE: mode });
    const pgShared = withRedis ? await startLectern(ROOT, dataDir, HOST, redisEnv('leases'), 'lectern-postgres-redis-leases') : undefined;
    const pgExact = withRedis ? await startLectern(ROOT, dataDir, HOST, redisEnv('exact'), 'lectern-postgres-redis-exact') : undefined;
    postgres = { databaseUrl, apiKey: pgKey, lectern: pgLectern, unlimited: pgUnlimited, shared: pgShared, exact: pgExact, auth: pgAuth, ids: pgIds };
  }

  const { hello, floor, floorPostgres } = await startBaselines(
    ROOT,
    join(dataDir, 'baselines'),
    HOST,
    { dbFile, apiKey, probeCourseId: ids[0] ?? '' },
    postgres ? { databaseUrl: postgres.databaseUrl, apiKey: postgres.apiKey, probeCourseId: postgres.ids[0] ?? '' } : undefined,
  );
  log(`baselines ready: hello-world pid ${hello.pid}, floor pid ${floor.pid}${floorPostgres ? `, floor-postgres pid ${floorPostgres.pid}` : ''}`);

  // The same database served with the runtime tunings off (src/runtime/), beside the default.
  const untuned = await startLectern(ROOT, dataDir, HOST, { RUNTIME_TUNING: 'off' }, 'lectern-untuned');
  // The limiter case: the same database served with limits off, and with limits shared in Redis.
  const unlimited = await startLectern(ROOT, dataDir, HOST, { RATE_LIMITS: 'off' }, 'lectern-limits-off');
  let shared: ServerHandle | undefined;
  if (options.redisUrl && (await redisAnswers(options.redisUrl))) {
    const prefix = `lectern-bench:${process.pid}:`;
    shared = await startLectern(ROOT, dataDir, HOST, { REDIS_URL: options.redisUrl, REDIS_PREFIX: prefix }, 'lectern-redis');
  } else {
    log(`no Redis at ${options.redisUrl ?? '(--no-redis)'}: the limiter case runs without its Redis variant`);
  }

  const plan = benchPlan(
    { hello, floor, lectern, untuned, unlimited, shared, postgres: postgres && floorPostgres ? { ...postgres, floor: floorPostgres } : undefined },
    auth,
    ids,
  );

  const sliceS = options.durationS / options.rounds;
  const loads = plan.map((entry) => ({ ...entry, load: new LoadAccumulator(entry.target, options.connections, entry.server.pid) }));
  for (const group of [loads.filter((l) => !l.mutates), loads.filter((l) => l.mutates)]) {
    for (const { target, load, mutates } of group) {
      log(`${target.name}: ${options.warmupS} s warm-up`);
      await load.warmUp(options.warmupS);
      if (mutates) {
        // A create runs far more of Lectern's code than a read, at a tenth of the rate: a few
        // seconds leave much of it unoptimised, which a server that has run for hours is not.
        log(`${target.name}: warm-up of ${options.writeWarmup} requests (at most 60 s)`);
        await load.warmUpRequests(options.writeWarmup, 60);
      }
    }
    for (let round = 1; round <= options.rounds; round++) {
      log(`round ${round}/${options.rounds}: ${group.length} targets × ${sliceS.toFixed(1)} s`);
      for (const { load } of group) {
        await load.warmUp(options.rewarmS);
        await load.measure(sliceS);
      }
    }
  }
  const measurements: Measurement[] = loads.map(({ target, server, load }) => {
    const result = load.result();
    const problems = result.non2xx + result.errors > 0 ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
    log(`${target.name}: ${Math.round(result.rps)} req/s, p99 ${result.p99Ms.toFixed(2)} ms${problems}`);
    return { name: target.name, load: result, rssMb: rssMb(server.pid) };
  });

  // With every server idle: Redis's own time per check of the limiter's script.
  const limitScript: LimitScriptResult | null = shared && options.redisUrl ? await measureLimitScript(options.redisUrl, 10_000, log) : null;

  return buildReport(
    measurements,
    {
      durationS: options.durationS,
      rounds: options.rounds,
      warmupS: options.warmupS,
      rewarmS: options.rewarmS,
      connections: options.connections,
      seededCourses: ids.length,
      cpus: availableParallelism(),
    },
    limitScript,
  );
}

// Teardown on every path: normal end, error, Ctrl-C / SIGTERM, and a last-resort 'exit' hook.
process.once('exit', () => {
  killAllServersNow();
  removeDataDir();
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void stopAllServers(1000).finally(async () => {
      removeDataDir();
      await dropPostgres();
      process.exit(code);
    });
  });
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  log(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await stopAllServers();
  removeDataDir();
  await dropPostgres();
}
process.exit(exitCode);

function formatSync(results: SyncResult[]): string {
  const lines = [''];
  for (const r of results) {
    lines.push(
      `Grown workspace [${r.database}]: ${r.students.toLocaleString('en')} students and ${r.courses.toLocaleString('en')} courses (seeded in ${r.seed_s} s) ` +
        `against a workspace of 100 each, same server; CPU per request, grown over small (target ≤ 1.5)`,
    );
    for (const route of r.routes) {
      lines.push(
        `  ${route.name.padEnd(28)} grown ${String(route.grown_rps).padStart(6)} req/s  p99 ${route.grown_p99_ms.toFixed(2).padStart(6)} ms  ${route.grown_cpu_ms_per_request.toFixed(3).padStart(7)} ms CPU` +
          ` | small ${String(route.small_rps).padStart(6)} req/s  p99 ${route.small_p99_ms.toFixed(2).padStart(6)} ms  ${route.small_cpu_ms_per_request.toFixed(3).padStart(7)} ms CPU | ${route.grown_over_small.toFixed(2)}×`,
      );
    }
    lines.push(
      `  GET /students?per_page=100 in cursor mode: first page ${r.first_page_rps} req/s (p99 ${r.first_page_p99_ms} ms), a page ~100 rows from the end ` +
        `${r.deep_page_rps} req/s (p99 ${r.deep_page_p99_ms} ms): ${r.deep_over_first}× the first (target ≤ 1.5)`,
    );
    lines.push(formatPlans(r.database, r.plans));
  }
  return lines.join('\n');
}

function formatAnalytics(results: AnalyticsResult[], connections: number): string {
  const lines = ['', `Analytics at scale (${connections} connections; target p99 < 50 ms)`];
  for (const r of results) {
    lines.push(
      `  ${r.database}: ${r.enrollments.toLocaleString('en')} enrollments, ${r.progress_rows.toLocaleString('en')} progress rows, ` +
        `${r.quiz_attempts.toLocaleString('en')} quiz attempts (seeded in ${r.seed_s} s; rollups built in ${r.rollup_build_s} s)`,
    );
    for (const e of r.endpoints) lines.push(`    ${e.name.padEnd(64)} ${String(e.rps).padStart(6)} req/s  p50 ${e.p50_ms.toFixed(2).padStart(7)} ms  p99 ${e.p99_ms.toFixed(2).padStart(7)} ms  CPU ${e.cpu_ms_per_request.toFixed(2).padStart(6)} ms/req`);
  }
  return lines.join('\n');
}

function formatImports(results: ImportResult[]): string {
  const lines = ['', 'Imports (POST /api/v1/imports of a zip over HTTP, polled until done; a server of its own each)'];
  for (const r of results) {
    const target = [r.target_s === null ? '' : `target < ${r.target_s} s`, r.target_rss_mb === null ? '' : `RSS < ${r.target_rss_mb} MB`].filter(Boolean).join(', ');
    lines.push(
      `  ${`[${r.database}] ${r.students.toLocaleString('en')} students + ${r.enrollments.toLocaleString('en')} enrollments`.padEnd(50)} ${r.seconds.toFixed(1).padStart(6)} s` +
        `  server CPU ${r.server_cpu_s.toFixed(1).padStart(5)} s  peak RSS ${r.peak_rss_mb.toFixed(1).padStart(6)} MB${r.peak_reset ? '' : ' (since start)'}, anon ${r.peak_anon_mb.toFixed(1)}, ${r.start_rss_mb.toFixed(1)} before` +
        `  ${r.status}${target ? `  (${target})` : ''}`,
    );
  }
  return lines.join('\n');
}
