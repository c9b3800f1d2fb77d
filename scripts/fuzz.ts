import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { describeFailure, runContractFuzz } from '../test/fuzz/contract.js';
import { type TestDialect, testDialects } from '../test/dialects.js';
import setupPostgresTemplate from '../test/global-setup.js';
import { setupApp } from '../test/harness.js';

/**
 * `npm run fuzz -- --runs N [--seed S] [--dialect sqlite|postgres] [--only opId,opId]`: the contract
 * fuzzer of test/http/fuzz.test.ts, longer. PostgreSQL runs when TEST_DATABASE_URL is set (as for
 * `npm test`) or with --dialect postgres. Each failure prints the line that replays it (the same
 * seed, --only its operation, --runs up to its case: cases are the same prefix whatever the count)
 * and the request itself. Exits 1 when any answer broke the contract.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    dialect: { type: 'string' },
    only: { type: 'string' },
    limit: { type: 'string', default: '50' },
  },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --runs N [--seed S] [--dialect sqlite|postgres] [--only opId,opId]');
  process.exit(2);
}
if (values.dialect) process.env.TEST_DIALECTS = values.dialect;
const dialects: TestDialect[] = testDialects();
const only = values.only?.split(',').map((s) => s.trim());

let failed = 0;
let pgTemplate: string | undefined;
const teardown = dialects.includes('postgres')
  ? await setupPostgresTemplate({ provide: (_: string, template: string) => (pgTemplate = template) } as never)
  : undefined;
try {
  for (const dialect of dialects) {
    const t = await setupApp(dialect, {
      config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true, timeoutMs: 1_000 } },
      ...(pgTemplate ? { pgTemplate } : {}),
    });
    try {
      let last = Date.now();
      let count = 0;
      // Time per operation, to show where a run spends it.
      const spent = new Map<string, number>();
      let current: { id: string; at: number } | undefined;
      const report = await runContractFuzz(t, {
        seed,
        runs,
        ...(only ? { only } : {}),
        onCase: (operationId) => {
          const now = Date.now();
          if (current) spent.set(current.id, (spent.get(current.id) ?? 0) + now - current.at);
          current = { id: operationId, at: now };
          count++;
          if (Date.now() - last > 10_000) {
            last = Date.now();
            console.log(`  [${dialect}] ${count} requests…`);
          }
        },
      });
      console.log(
        `contract fuzzing [${dialect}]: ${report.requests} requests (${report.byClass.valid} valid of which ${report.validAccepted} carried out, ${report.byClass.invalid} invalid, ${report.byClass.wild} wild) ` +
          `over ${report.operations} operations in ${(report.ms / 1000).toFixed(1)} s, seed ${seed}: ${report.failures.length} failures`,
      );
      const costly = [...report.msByKind].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(`  time by kind of case: ${costly.map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
      const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`  slowest operations: ${slowest.map(([id, ms]) => `${id} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
      for (const failure of report.failures.slice(0, Number(values.limit))) console.log(describeFailure(failure));
      if (report.failures.length > Number(values.limit)) console.log(`… and ${report.failures.length - Number(values.limit)} more`);
      failed += report.failures.length;
    } finally {
      await t.close();
    }
  }
} finally {
  await teardown?.();
}
process.exit(failed > 0 ? 1 : 0);
