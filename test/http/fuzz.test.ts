import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { testDialects } from '../dialects.js';
import { describeFailure, type FuzzReport, isKnown, type KnownDefect, runContractFuzz } from '../fuzz/contract.js';
import { setupApp, type TestApp } from '../harness.js';

/**
 * Contract fuzzing (test/fuzz/contract.ts) with a fixed seed: about 5,000 requests per database,
 * spread over every operation of the OpenAPI document. `npm run fuzz -- --runs N [--seed S]` runs
 * the same generator longer; a failure prints the seed, the operation, the case and the request.
 */
const SEED = 20261121;
const RUNS = 5_000;

/**
 * Defects being fixed in other files right now; each entry is as narrow as the failures it covers.
 * Remove an entry once its fix has landed (the test prints entries that matched nothing).
 */
const knownDefects: KnownDefect[] = [];

describe.each(testDialects())('contract fuzzing [%s]', (dialect) => {
  let t: TestApp;
  let report: FuzzReport;

  beforeAll(async () => {
    t = await setupApp(dialect, { config: { worker: false, webhooks: { ...loadConfig({}).webhooks, allowPrivate: true, timeoutMs: 1_000 } } });
  });
  afterAll(() => t?.close());

  it(`answers ${RUNS} generated requests within the contract (seed ${SEED})`, async () => {
    report = await runContractFuzz(t, { seed: SEED, runs: RUNS });
    const unknown = report.failures.filter((f) => !isKnown(f, dialect, knownDefects));
    const byTodo = new Map<string, number>();
    for (const f of report.failures) {
      const known = isKnown(f, dialect, knownDefects);
      if (known) byTodo.set(known.todo, (byTodo.get(known.todo) ?? 0) + 1);
    }
    const unused = knownDefects.filter((k) => (!k.dialect || k.dialect === dialect) && !byTodo.has(k.todo));
    console.log(
      `contract fuzzing [${dialect}]: ${report.requests} requests (${report.byClass.valid} valid of which ${report.validAccepted} carried out, ${report.byClass.invalid} invalid, ${report.byClass.wild} wild) ` +
        `over ${report.operations} operations in ${(report.ms / 1000).toFixed(1)} s, seed ${SEED}; ` +
        `${unknown.length} failures, ${report.failures.length - unknown.length} known` +
        (byTodo.size ? ` (${[...byTodo].map(([todo, n]) => `${todo}: ${n}`).join(', ')})` : '') +
        (unused.length ? `; known-defect entries that matched nothing (remove them): ${unused.map((k) => k.todo).join(', ')}` : ''),
    );
    expect(unknown.slice(0, 30).map(describeFailure), `${unknown.length} failures (first 30 shown)`).toEqual([]);
  }, 240_000);
});
