// Turning measurements into the report: ratios, the floor check, a table and a JSON object.
import type { LimitScriptResult } from './limit-script.js';
import type { LoadResult } from './load.js';
import type { ResidentMb } from './servers.js';

export const HELLO = 'hello-world GET /';
export const FLOOR = 'floor GET /courses/:id';
/** The Lectern endpoint that is compared against the floor. */
export const FLOOR_CHECKED = 'GET /api/v1/courses/:id';
export const FLOOR_TARGET_PCT = 80;
/** The same request with RUNTIME_TUNING=off (issue 36). */
export const FLOOR_UNTUNED_TARGET_PCT = 70;
/** GET by id with limits in Redis (exact, the default mode) as a share of limits off (issue 36). */
export const REDIS_EXACT_TARGET_PCT = 70;
/** The limiter case: FLOOR_CHECKED (limits in memory, the default) beside these two. */
export const LIMITS_OFF = 'GET /api/v1/courses/:id, limits off';
export const LIMITS_REDIS = 'GET /api/v1/courses/:id, limits in Redis';
/** The floor of the PostgreSQL rows: Fastify + pg (a pool of 10, a named statement), bearer checked in memory. */
export const FLOOR_POSTGRES = 'floor-postgres GET /courses/:id';
/** The list floors: the newest 100 courses as objects, with page pagination (issue 36). */
export const FLOOR_LIST = 'floor GET /courses?per_page=100';
export const FLOOR_POSTGRES_LIST = 'floor-postgres GET /courses?per_page=100';
/** The write floors: the course row, its event and the Idempotency-Key's record in one transaction (issue 36). */
export const FLOOR_WRITE = 'floor POST /courses';
export const FLOOR_POSTGRES_WRITE = 'floor-postgres POST /courses';
/** Lectern's list and create rows, each compared with the floor of its kind. */
export const LIST_CHECKED = 'GET /api/v1/courses?per_page=100';
export const WRITE_CHECKED = 'POST /api/v1/courses';
export const LIST_TARGET_PCT = 90;
export const WRITE_TARGET_PCT = 60;
/**
 * The suffixes of rows served on PostgreSQL (limits in memory unless the row says otherwise), with
 * limits in Redis taken in leases (RATE_LIMIT_MODE=leases), and in Redis checked on every request
 * (RATE_LIMIT_MODE=exact, the default).
 */
export const ON_POSTGRES = ' [postgres]';
export const ON_POSTGRES_REDIS = ' [postgres + redis leases]';
export const ON_POSTGRES_REDIS_EXACT = ' [postgres + redis exact]';
/** Targets of the issue 22: GET by id on PostgreSQL, and with limits in Redis, as fractions of their floor. */
export const POSTGRES_TARGET_PCT = 75;
export const POSTGRES_REDIS_TARGET_PCT = 60;
/** Where a row names this, it ran on a server started with RUNTIME_TUNING=off (src/runtime/ off). */
export const UNTUNED = 'RUNTIME_TUNING=off';
/** FLOOR_CHECKED on a server with the runtime tunings off, reported beside it. */
export const FLOOR_CHECKED_UNTUNED = `${FLOOR_CHECKED}, ${UNTUNED}`;

export interface Measurement {
  name: string;
  load: LoadResult;
  /** The server's resident memory after the run (null without /proc). */
  rssMb: ResidentMb | null;
}

export interface ResultRow {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  /** The server's resident memory after the run, in MB: all of it (VmRSS)... */
  rss_mb: number | null;
  /** ...its anonymous part (RssAnon: heaps, SQLite's page cache), what the process holds... */
  rss_anon_mb: number | null;
  /** ...and its file-backed part (RssFile: code, the SQLite database mapped), page cache the kernel reclaims. */
  rss_file_mb: number | null;
  /** CPU time (user + system) of the server process per request, in µs (/proc; steadier than req/s on a busy machine). */
  cpu_us_per_request: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  vs_hello: number | null;
  vs_floor: number | null;
}

export interface Report {
  node: string;
  date: string;
  cpus: number;
  duration_s: number;
  rounds: number;
  warmup_s: number;
  rewarm_s: number;
  connections: number;
  seeded_courses: number;
  results: ResultRow[];
  floor_check: {
    name: string;
    pct: number | null;
    target_pct: number;
    valid: boolean;
    pass: boolean;
    /** The same request on a server with RUNTIME_TUNING=off, as a percentage of the floor (null: not measured). */
    untuned_pct: number | null;
  };
  /** Throughput of GET /courses/:id with the limiter in memory and in Redis, as ratios of limits off. */
  limiter: { off_rps: number | null; memory_rps: number | null; redis_rps: number | null; memory_vs_off: number | null; redis_vs_off: number | null };
  /**
   * With --postgres: GET /api/v1/courses/:id on PostgreSQL (limits in memory) and on PostgreSQL with
   * limits in Redis, as percentages of floor-postgres; the Redis row as a fraction of limits off.
   */
  postgres_check: {
    pct: number | null;
    target_pct: number;
    redis_pct: number | null;
    redis_target_pct: number;
    redis_vs_off: number | null;
    /** The same with RATE_LIMIT_MODE=exact: a Redis round trip per request. */
    redis_exact_pct: number | null;
    valid: boolean;
    pass: boolean;
  } | null;
  /** The list of 100 and POST as shares of their floors (null where a floor or row did not run). */
  crud_check: {
    list_pct: number | null;
    list_postgres_pct: number | null;
    list_target_pct: number;
    write_pct: number | null;
    write_postgres_pct: number | null;
    write_target_pct: number;
  };
  /** Redis's own time per limit check, young window and full hour (null without Redis). */
  limit_script: LimitScriptResult | null;
  /** False when any target had non-2xx responses or connection errors. */
  ok: boolean;
  failures: string[];
}

export interface ReportMeta {
  durationS: number;
  rounds: number;
  warmupS: number;
  /** Unmeasured seconds of load right before each slice. */
  rewarmS: number;
  connections: number;
  seededCourses: number;
  cpus: number;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

const ratio = (rps: number, base: number | undefined): number | null =>
  base !== undefined && base > 0 ? round(rps / base, 3) : null;

export function buildReport(measurements: Measurement[], meta: ReportMeta, limitScript: LimitScriptResult | null = null): Report {
  const helloRps = measurements.find((m) => m.name === HELLO)?.load.rps;
  const floorRps = measurements.find((m) => m.name === FLOOR)?.load.rps;
  const floorPostgresRps = measurements.find((m) => m.name === FLOOR_POSTGRES)?.load.rps;
  const rpsOfTarget = (name: string) => measurements.find((m) => m.name === name)?.load.rps;
  // Each row is compared with the floor of its own kind: PostgreSQL rows with floor-postgres, lists
  // with a list floor, creates with a write floor (by id otherwise).
  const floorOf = (name: string) => {
    const postgres = name.startsWith('floor-postgres') || name.includes(' [postgres');
    if (name.includes('POST ')) return rpsOfTarget(postgres ? FLOOR_POSTGRES_WRITE : FLOOR_WRITE);
    if (name.includes('?per_page=')) return rpsOfTarget(postgres ? FLOOR_POSTGRES_LIST : FLOOR_LIST);
    return postgres ? floorPostgresRps : floorRps;
  };

  const results = measurements.map(({ name, load, rssMb }): ResultRow => ({
    name,
    rps: round(load.rps, 1),
    p50_ms: round(load.p50Ms, 3),
    p99_ms: round(load.p99Ms, 3),
    rss_mb: rssMb?.total ?? null,
    rss_anon_mb: rssMb?.anonymous ?? null,
    rss_file_mb: rssMb?.file ?? null,
    cpu_us_per_request: load.cpuMsPerRequest === undefined ? null : round(load.cpuMsPerRequest * 1000, 1),
    requests: load.requests,
    non2xx: load.non2xx,
    errors: load.errors,
    timeouts: load.timeouts,
    vs_hello: ratio(load.rps, helloRps),
    vs_floor: ratio(load.rps, floorOf(name)),
  }));

  const failures: string[] = [];
  const failed = new Set<string>();
  for (const { name, load } of measurements) {
    if (load.non2xx > 0 || load.errors > 0 || load.requests === 0) failed.add(name);
    if (load.non2xx > 0) {
      const codes = Object.entries(load.badStatuses)
        .map(([code, count]) => `${code}×${count}`)
        .join(', ');
      failures.push(`${name}: ${load.non2xx} non-2xx responses (${codes || 'codes unknown'})`);
    }
    if (load.errors > 0) failures.push(`${name}: ${load.errors} connection errors (${load.timeouts} timeouts)`);
    if (load.requests === 0) failures.push(`${name}: no request completed`);
  }

  const pctOfFloor = (name: string) => {
    const vsFloor = results.find((r) => r.name === name)?.vs_floor ?? null;
    return vsFloor === null ? null : round(vsFloor * 100, 1);
  };
  const pct = pctOfFloor(FLOOR_CHECKED);
  // A ratio computed from failing requests says nothing, so it cannot pass.
  const valid = !failed.has(FLOOR_CHECKED) && !failed.has(FLOOR);

  const rpsOf = (name: string) => results.find((r) => r.name === name)?.rps ?? null;
  const offRps = rpsOf(LIMITS_OFF);
  const memoryRps = rpsOf(FLOOR_CHECKED);
  const redisRps = rpsOf(LIMITS_REDIS);
  const limiter = {
    off_rps: offRps,
    memory_rps: memoryRps,
    redis_rps: redisRps,
    memory_vs_off: memoryRps === null ? null : ratio(memoryRps, offRps ?? undefined),
    redis_vs_off: redisRps === null ? null : ratio(redisRps, offRps ?? undefined),
  };

  const pgById = `${FLOOR_CHECKED}${ON_POSTGRES}`;
  const pgRedisById = `${FLOOR_CHECKED}${ON_POSTGRES_REDIS}`;
  const postgresCheck = (() => {
    if (floorPostgresRps === undefined) return null;
    const pgPct = pctOfFloor(pgById);
    const redisPct = pctOfFloor(pgRedisById);
    const pgValid = !failed.has(FLOOR_POSTGRES) && !failed.has(pgById) && !failed.has(pgRedisById);
    const pgOff = rpsOf(`${pgById}, limits off`);
    const pgRedis = rpsOf(pgRedisById);
    return {
      pct: pgPct,
      target_pct: POSTGRES_TARGET_PCT,
      redis_pct: redisPct,
      redis_target_pct: POSTGRES_REDIS_TARGET_PCT,
      redis_vs_off: pgRedis === null ? null : ratio(pgRedis, pgOff ?? undefined),
      redis_exact_pct: pctOfFloor(`${FLOOR_CHECKED}${ON_POSTGRES_REDIS_EXACT}`),
      valid: pgValid,
      pass: pgValid && pgPct !== null && pgPct >= POSTGRES_TARGET_PCT && redisPct !== null && redisPct >= POSTGRES_REDIS_TARGET_PCT,
    };
  })();

  const crudCheck = {
    list_pct: pctOfFloor(LIST_CHECKED),
    list_postgres_pct: pctOfFloor(`${LIST_CHECKED}${ON_POSTGRES}`),
    list_target_pct: LIST_TARGET_PCT,
    write_pct: pctOfFloor(WRITE_CHECKED),
    write_postgres_pct: pctOfFloor(`${WRITE_CHECKED}${ON_POSTGRES}`),
    write_target_pct: WRITE_TARGET_PCT,
  };

  return {
    node: process.version,
    date: new Date().toISOString(),
    cpus: meta.cpus,
    duration_s: meta.durationS,
    rounds: meta.rounds,
    warmup_s: meta.warmupS,
    rewarm_s: meta.rewarmS,
    connections: meta.connections,
    seeded_courses: meta.seededCourses,
    results,
    floor_check: {
      name: FLOOR_CHECKED,
      pct,
      target_pct: FLOOR_TARGET_PCT,
      valid,
      pass: valid && pct !== null && pct >= FLOOR_TARGET_PCT,
      untuned_pct: pctOfFloor(FLOOR_CHECKED_UNTUNED),
    },
    limiter,
    crud_check: crudCheck,
    postgres_check: postgresCheck,
    limit_script: limitScript,
    ok: failures.length === 0,
    failures,
  };
}

const fmt = (value: number | null, digits = 0): string => (value === null ? 'n/a' : value.toFixed(digits));
const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

export function formatReport(report: Report): string {
  const header = ['target', 'req/s', 'p99 ms', 'CPU µs/req', 'RSS MB', 'anon MB', 'file MB', 'non-2xx', 'errors', 'vs hello', 'vs floor'];
  const rows = report.results.map((r) => [
    r.name,
    fmt(r.rps),
    fmt(r.p99_ms, 2),
    fmt(r.cpu_us_per_request, 1),
    fmt(r.rss_mb, 1),
    fmt(r.rss_anon_mb, 1),
    fmt(r.rss_file_mb, 1),
    String(r.non2xx),
    String(r.errors),
    percent(r.vs_hello),
    percent(r.vs_floor),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');

  const out: string[] = [
    `Lectern bench: node ${report.node}, ${report.cpus} CPUs, ${report.connections} connections, ` +
      `${report.duration_s} s per target in ${report.rounds} interleaved rounds (+${report.warmup_s} s warm-up, ${report.rewarm_s} s before each slice), ${report.seeded_courses} seeded courses`,
    '',
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
  ];

  const check = report.floor_check;
  const verdict = !check.valid ? 'INVALID (requests failed)' : check.pass ? 'OK' : 'BELOW TARGET';
  const ofFloor = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)}%`);
  out.push(
    `${check.name} reaches ${ofFloor(check.pct)} of the floor (target ≥ ${check.target_pct}%): ${verdict}` +
      `; with ${UNTUNED}: ${ofFloor(check.untuned_pct)} (target ≥ ${FLOOR_UNTUNED_TARGET_PCT}%)`,
  );

  const limiter = report.limiter;
  if (limiter.off_rps !== null) {
    out.push(
      `Limiter cost on GET /api/v1/courses/:id: memory ${percent(limiter.memory_vs_off)} of limits off` +
        (limiter.redis_vs_off === null ? ' (no Redis variant)' : `, Redis (exact) ${percent(limiter.redis_vs_off)} of limits off (target ≥ ${REDIS_EXACT_TARGET_PCT}%)`),
    );
  }
  const crud = report.crud_check;
  if (crud.list_pct !== null || crud.write_pct !== null) {
    const both = (sqlite: number | null, postgres: number | null) => `${ofFloor(sqlite)}${postgres === null ? '' : `, on PostgreSQL ${ofFloor(postgres)}`}`;
    out.push(
      `The list of 100 reaches ${both(crud.list_pct, crud.list_postgres_pct)} of its floor (target ≥ ${crud.list_target_pct}%); ` +
        `POST /api/v1/courses ${both(crud.write_pct, crud.write_postgres_pct)} of the write floor (target ≥ ${crud.write_target_pct}%)`,
    );
  }
  const pg = report.postgres_check;
  if (pg) {
    const verdict = !pg.valid ? 'INVALID (requests failed)' : pg.pass ? 'OK' : 'BELOW TARGET';
    out.push(
      `On PostgreSQL, ${FLOOR_CHECKED} reaches ${ofFloor(pg.pct)} of floor-postgres (target ≥ ${pg.target_pct}%)` +
        `, with limits in Redis (leases) ${ofFloor(pg.redis_pct)} (target ≥ ${pg.redis_target_pct}%): ${verdict}` +
        (pg.redis_vs_off === null ? '' : `; Redis limits (leases) ${percent(pg.redis_vs_off)} of limits off`) +
        (pg.redis_exact_pct === null ? '' : `; Redis limits exact: ${ofFloor(pg.redis_exact_pct)} of the floor`),
    );
  }
  const script = report.limit_script;
  if (script) {
    out.push(
      `Redis's time per limit check (${script.checks.toLocaleString('en')} checks each): ${script.young_window_us.toFixed(1)} µs on a young window, ` +
        `${script.full_hour_us.toFixed(1)} µs on a key with traffic in every minute of the hour`,
    );
  }

  if (report.failures.length > 0) {
    out.push('', `FAILURE: ${report.failures.length} problem(s) during the bench, figures are not trustworthy:`);
    for (const failure of report.failures) out.push(`  - ${failure}`);
  } else {
    out.push('No non-2xx responses and no connection errors.');
  }
  return out.join('\n');
}
