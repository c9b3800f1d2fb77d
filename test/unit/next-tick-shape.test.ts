import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A child process queues nextTicks between full GCs, then prints V8's view of process.nextTick's
 * feedback; the number of its property definitions that V8 gave up on (megamorphic) is returned.
 * With `serving`, the child first starts Lectern as `npm start` does (`serve()`, on a fresh data
 * directory and a free port), so the test holds for the server, not only for the helper.
 */
function megamorphicDefinitions(serving: boolean, dataDir: string): number {
  const server = path.join(root, 'src/server.ts');
  const config = path.join(root, 'src/config.ts');
  const script = `
    const running = ${serving}
      ? await (await import(${JSON.stringify(server)})).serve((await import(${JSON.stringify(config)})).loadConfig(${JSON.stringify({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' })}))
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
    const result = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const printed = readFileSync(file, 'utf8');
    expect(printed).toContain('DefineKeyedOwnPropertyInLiteral');
    return printed.match(/DefineKeyedOwnPropertyInLiteral MEGAMORPHIC/g)?.length ?? 0;
  } finally {
    closeSync(out);
  }
}

describe('keepNextTickShape', () => {
  it("keeps a running server's process.nextTick from going megamorphic after full GCs", (ctx) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'next-tick-shape-'));
    try {
      // A bare process: this V8 loses the maps of nextTick's queue entries at each full GC. On a
      // Node whose V8 no longer does, the workaround has nothing to show.
      if (megamorphicDefinitions(false, dir) === 0) ctx.skip();
      expect(megamorphicDefinitions(true, dir)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
