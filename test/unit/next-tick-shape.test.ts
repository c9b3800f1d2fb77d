import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A child process queues nextTicks between full GCs, then prints V8's view of process.nextTick's
 * feedback; the number of its property definitions that V8 gave up on (megamorphic) is returned.
 */
function megamorphicDefinitions(keep: boolean): number {
  const script = `
    const { keepNextTickShape } = await import(${JSON.stringify(path.join(root, 'src/shared/next-tick-shape.ts'))});
    if (${keep}) keepNextTickShape();
    const tick = () => new Promise((resolve) => process.nextTick(resolve));
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 100; i++) await tick();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    %DebugPrint(process.nextTick);
  `;
  // V8 prints through C stdio, which drops output on a non-blocking pipe: the child writes to a file.
  const dir = mkdtempSync(path.join(tmpdir(), 'next-tick-shape-'));
  const file = path.join(dir, 'stdout');
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
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('keepNextTickShape', () => {
  it('keeps process.nextTick from going megamorphic after full GCs', (ctx) => {
    // Without it, this V8 loses the maps of nextTick's queue entries at each full GC. On a Node
    // whose V8 no longer does, the workaround has nothing to show.
    if (megamorphicDefinitions(false) === 0) ctx.skip();
    expect(megamorphicDefinitions(true)).toBe(0);
  });
});
