// What a server's first second back from idle costs: the reason `npm run bench` loads each target
// for `--rewarm` seconds, unmeasured, before each of its slices (bench/README.md, "Idle between slices").
//
//   npx tsx bench/after-idle.ts [--env RUNTIME_TUNING=off,...] [--idle 30] [--cycles 3]
//
// Starts one Lectern server (dist/ built) on a fresh data directory of 1,000 courses (created
// through a server of their own), warms it with 20,000 requests of GET /api/v1/courses/:id, then,
// each cycle, leaves it idle for `--idle` seconds and measures four back-to-back slices of 0.5 s:
// CPU per request (from /proc) and req/s.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiKey, envOf, FORWARDED_HTTPS, seedThroughOwnServer, startLectern } from './lectern.js';
import { LoadAccumulator, randomPicker, type Target } from './load.js';
import { stopAllServers } from './servers.js';

const { values } = parseArgs({
  options: {
    env: { type: 'string', default: '' },
    idle: { type: 'string', default: '30' },
    cycles: { type: 'string', default: '3' },
  },
});

const env = envOf(values.env);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'lectern-after-idle-'));
const { apiKey } = createApiKey(root, dataDir, undefined);
const pick = randomPicker(await seedThroughOwnServer(root, dataDir, '127.0.0.1', {}, apiKey, 1000));
const server = await startLectern(root, dataDir, '127.0.0.1', env, 'lectern');
try {
  const target: Target = {
    name: 'GET /api/v1/courses/:id',
    baseUrl: server.baseUrl,
    headers: { ...FORWARDED_HTTPS, authorization: `Bearer ${apiKey}` },
    nextPath: () => `/api/v1/courses/${pick()}`,
  };
  await new LoadAccumulator(target, 10, server.pid).warmUpRequests(20_000, 30);
  for (let cycle = 1; cycle <= Number(values.cycles); cycle++) {
    await new Promise((resolve) => setTimeout(resolve, Number(values.idle) * 1000));
    const slices: string[] = [];
    for (let i = 0; i < 4; i++) {
      const load = new LoadAccumulator(target, 10, server.pid);
      await load.measure(0.5);
      const result = load.result();
      slices.push(`${((result.cpuMsPerRequest ?? NaN) * 1000).toFixed(0)} µs ${result.rps.toFixed(0)} req/s`);
    }
    console.log(`cycle ${cycle}, after ${values.idle} s idle: ${slices.join(' | ')}`);
  }
} finally {
  await stopAllServers();
}
