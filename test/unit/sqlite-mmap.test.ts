import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';

/**
 * SQLite's memory map: the reader, which serves the hot reads, maps the file; the writer does not
 * (a long write, an import, would keep every page it touched in the process's RSS: bench/README.md,
 * "Imports"), and reads through its page cache.
 */
describe('SQLite: which connection maps the database file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-mmap-'));
  const db = openDatabase({ dataDir: dir });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the reader maps up to 256 MiB, the writer nothing', async () => {
    const { rows } = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db);
    expect(rows[0]?.mmap_size).toBe(0);
    expect(db.reader()!.prepare('pragma mmap_size').get()).toEqual({ mmap_size: 268435456 });
  });
});
