// A paired A/B of two Lectern servers: the way bench/README.md's per-change figures are measured.
//
//   npx tsx bench/ab.ts --a /path/to/build-a --b /path/to/build-b [--b-env RATE_LIMITS=off,...]
//                       [--path /api/v1/courses/:id | /api/v1/courses?per_page=100&sort=-created_at | POST]
//                       [--rounds 12] [--slice 2] [--postgres URL] [--redis URL] [--node-args '--perf-basic-prof']
//                       [--status 404]   (every answer must have this status, e.g. a missing id's 404)
//
// Each root is a checkout whose dist/ is built (`npm run build`); both servers run on one database
// (the SQLite file of a fresh data directory, or a fresh PostgreSQL database), seeded through a
// server of its own so that neither A nor B has served the seeding's creates, side by side, and
// autocannon alternates between them in slices (A, B, B, A, ...), 10 connections each.
// Reported per round: B's CPU per request (from /proc) and req/s over A's; then the medians of
// those ratios, which a machine whose speed drifts (other work on it) moves far less than one
// server's absolute figures. `--path POST` creates courses, each with an Idempotency-Key of its own.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COURSE_DESCRIPTION, createApiKey, envOf, FORWARDED_HTTPS, seedThroughOwnServer, startLectern } from './lectern.js';
import { LoadAccumulator, type LoadResult, randomPicker, type Target } from './load.js';
import { createPostgresDatabase, dropPostgresDatabase } from './seeded-server.js';
import { stopAllServers } from './servers.js';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    'a-env': { type: 'string', default: '' },
    'b-env': { type: 'string', default: '' },
    path: { type: 'string', default: '/api/v1/courses/:id' },
    rounds: { type: 'string', default: '12' },
    slice: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '4' },
    postgres: { type: 'string' },
    redis: { type: 'string' },
    'node-args': { type: 'string', default: '' },
    status: { type: 'string' },
  },
});

/** Whether every answer of a slice had the status asked for (`--status`, else a 2xx), without connection errors. */
function answeredAsExpected(result: LoadResult): boolean {
  if (result.errors > 0) return false;
  if (values.status === undefined) return result.non2xx === 0;
  return result.non2xx === result.requests && Object.keys(result.badStatuses).every((status) => status === values.status);
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const rootA = values.a ?? process.cwd();
  const rootB = values.b ?? rootA;
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-ab-'));
  const host = '127.0.0.1';
  const pgName = values.postgres ? `lectern_ab_${process.pid}` : undefined;
  const databaseUrl = values.postgres && pgName ? await createPostgresDatabase(values.postgres, pgName) : undefined;
  try {
    const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    const redisEnv: Record<string, string> = values.redis ? { REDIS_URL: values.redis } : {};
    const { apiKey } = createApiKey(rootA, dataDir, databaseUrl);
    const nodeArgs = values['node-args'].split(' ').filter(Boolean);
    const ids = await seedThroughOwnServer(rootA, dataDir, host, dbEnv, apiKey, 1000);
    const a = await startLectern(rootA, dataDir, host, { ...dbEnv, ...redisEnv, ...envOf(values['a-env']) }, 'A', nodeArgs);
    const b = await startLectern(rootB, dataDir, host, { ...dbEnv, ...redisEnv, ...envOf(values['b-env']) }, 'B', nodeArgs);
    console.log(`A pid ${a.pid}, B pid ${b.pid}`);
    const headers = { ...FORWARDED_HTTPS, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const pick = randomPicker(ids);
    const targetOf = (baseUrl: string, name: string): Target =>
      values.path === 'POST'
        ? {
            name,
            baseUrl,
            method: 'POST',
            headers,
            nextPath: () => '/api/v1/courses',
            nextBody: () => JSON.stringify({ title: 'A/B course', description: COURSE_DESCRIPTION }),
            nextHeaders: () => ({ 'idempotency-key': randomUUID() }),
          }
        : { name, baseUrl, headers, nextPath: values.path.includes(':id') ? () => values.path.replace(':id', pick()) : () => values.path };
    const slice = Number(values.slice);
    const warm = [new LoadAccumulator(targetOf(a.baseUrl, 'A'), 10, a.pid), new LoadAccumulator(targetOf(b.baseUrl, 'B'), 10, b.pid)];
    for (const w of warm) await w.warmUp(Number(values.warmup));
    const cpu: number[] = [];
    const rps: number[] = [];
    for (let round = 0; round < Number(values.rounds); round++) {
      const accA = new LoadAccumulator(targetOf(a.baseUrl, 'A'), 10, a.pid);
      const accB = new LoadAccumulator(targetOf(b.baseUrl, 'B'), 10, b.pid);
      const order = round % 2 === 0 ? [accA, accB] : [accB, accA];
      for (const acc of order) await acc.measure(slice);
      const ra = accA.result();
      const rb = accB.result();
      if (!answeredAsExpected(ra) || !answeredAsExpected(rb)) {
        throw new Error(`answers other than ${values.status ?? '2xx'}, or errors: A ${JSON.stringify(ra.badStatuses)} B ${JSON.stringify(rb.badStatuses)}`);
      }
      cpu.push((rb.cpuMsPerRequest ?? NaN) / (ra.cpuMsPerRequest ?? NaN));
      rps.push(rb.rps / ra.rps);
      console.log(
        `round ${round + 1}: A ${ra.rps.toFixed(0)} req/s ${((ra.cpuMsPerRequest ?? 0) * 1000).toFixed(1)} µs, ` +
          `B ${rb.rps.toFixed(0)} req/s ${((rb.cpuMsPerRequest ?? 0) * 1000).toFixed(1)} µs`,
      );
    }
    console.log(`B/A median: CPU per request ${median(cpu).toFixed(3)}, req/s ${median(rps).toFixed(3)} (${cpu.length} rounds)`);
  } finally {
    await stopAllServers();
    if (values.postgres && pgName) await dropPostgresDatabase(values.postgres, pgName);
  }
}

await main();
