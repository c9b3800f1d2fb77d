import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { built } from '../built.js';
import { runTunings, tuningTitle } from '../tuning.js';

const root = path.resolve(import.meta.dirname, '../..');

/** RUNTIME_TUNING of this run: the server started below follows it. */
const tuning = runTunings.on ? 'on' : 'off';

/** V8's feedback of process.nextTick as a child process printed it, or why it could not be read. */
type Reading = { megamorphic: number } | { unreadable: string };

/**
 * A child process queues nextTicks between full GCs, then prints V8's view of process.nextTick's
 * feedback (%DebugPrint, V8's natives syntax); the number of its property definitions that V8 gave
 * up on (megamorphic) is returned. With `serving`, the child first starts Lectern as `npm start`
 * does (`serve()`, on a fresh data directory and a free port, with this run's RUNTIME_TUNING), so
 * the test holds for the server, not only for the helper.
 */
function readNextTickFeedback(serving: boolean, dataDir: string): Reading {
  const server = built('server.js');
  const config = built('config.js');
  const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', RUNTIME_TUNING: tuning };
  const script = `
    const running = ${serving}
      ? await (await import(${JSON.stringify(server)})).serve((await import(${JSON.stringify(config)})).loadConfig(${JSON.stringify(env)}))
      : undefined;
    const tick = () => new Promise((resolve) => process.nextTick(resolve));
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 100; i++) await tick();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    %DebugPrint(process.nextTick);
    if (running) {
      await running.app.close();
      await running.database.close();
    }
    process.exit(0);
  `;
  // V8 prints through C stdio, which drops output on a non-blocking pipe: the child writes to a file.
  const file = path.join(dataDir, 'stdout');
  const out = openSync(file, 'w');
  try {
    const result = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    // The bare child runs nothing of ours: if it fails, this runtime refuses the flags or the syntax.
    if (!serving && result.status !== 0) {
      const lines = result.stderr.split('\n').map((line) => line.trim());
      const reason = lines.find((line) => /\w*Error\b|bad option/.test(line)) ?? lines.find((line) => line) ?? `exit ${result.status}`;
      return { unreadable: `this runtime does not run V8's %DebugPrint (${reason})` };
    }
    expect(result.status, result.stderr).toBe(0);
    const printed = readFileSync(file, 'utf8');
    if (!printed.includes('DefineKeyedOwnPropertyInLiteral')) {
      return { unreadable: "V8's %DebugPrint of process.nextTick no longer lists DefineKeyedOwnPropertyInLiteral feedback, which this test counts" };
    }
    return { megamorphic: printed.match(/DefineKeyedOwnPropertyInLiteral MEGAMORPHIC/g)?.length ?? 0 };
  } finally {
    closeSync(out);
  }
}

describe('keepNextTickShape (src/runtime/next-tick-shape.ts)', () => {
  const title = tuningTitle(
    "keeps a running server's process.nextTick from going megamorphic after full GCs",
    'is not applied with RUNTIME_TUNING=off: the server leaves process.nextTick to V8',
  );
  it(title, (ctx) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'next-tick-shape-'));
    try {
      // A bare process first: where the runtime no longer prints what this test reads, or its V8
      // no longer loses the maps of nextTick's queue entries at full GCs, there is nothing to check.
      const bare = readNextTickFeedback(false, dir);
      if ('unreadable' in bare) return ctx.skip(`cannot check the nextTick tuning here: ${bare.unreadable}`);
      if (bare.megamorphic === 0) return ctx.skip(`this runtime's V8 (${process.versions.v8}) keeps nextTick's maps across full GCs: the tuning has nothing to show`);
      const served = readNextTickFeedback(true, dir);
      if ('unreadable' in served) throw new Error(`the bare process printed nextTick's feedback but the server's did not: ${served.unreadable}`);
      if (runTunings.on) expect(served.megamorphic).toBe(0);
      else expect(served.megamorphic).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
