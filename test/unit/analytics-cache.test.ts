import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { MAX_ENTRIES, rememberedCounts } from '../../src/modules/analytics/analytics-cache.js';

describe('remembered course counts: least recently used out first', () => {
  // The counts are kept by the database object; one on an empty SQLite file is enough.
  const dataDir = mkdtempSync(join(tmpdir(), 'lectern-analytics-cache-'));
  const db = openDatabase({ dataDir });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an entry asked for again while one-off periods come and go', () => {
    const counts = rememberedCounts<string | number>(db);
    counts.set('whole history', { version: '1', counts: 'kept' });
    counts.set('asked once', { version: '1', counts: 'evicted' });
    for (let i = 0; i < MAX_ENTRIES * 2; i++) {
      // A dashboard's repeat read between one-off periods ("since now − 7 days" to the millisecond).
      expect(rememberedCounts<string>(db).get('whole history')?.counts).toBe('kept');
      counts.set(`period ${i}`, { version: '1', counts: i });
    }
    expect(counts.get('asked once')).toBeUndefined();
    expect(counts.get('period 0')).toBeUndefined();
    expect(counts.get(`period ${MAX_ENTRIES * 2 - 1}`)?.counts).toBe(MAX_ENTRIES * 2 - 1);
  });

  it('replaces an entry under the same key with its newer version', () => {
    const counts = rememberedCounts<string>(db);
    counts.set('course', { version: '1', counts: 'old' });
    counts.set('course', { version: '2', counts: 'new' });
    expect(counts.get('course')).toEqual({ version: '2', counts: 'new' });
  });
});
