import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, recall, remember } from '../../src/modules/analytics/analytics-cache.js';
import type { DB } from '../../src/db/types.js';

describe('analytics cache: least recently used out first', () => {
  // The cache is per Kysely instance; one that never connects is enough to key it.
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: async () => { throw new Error('not used'); } }) });

  it('keeps an entry asked for again while one-off entries come and go', () => {
    remember(db, 'whole history', { version: '1', value: 'kept' });
    remember(db, 'asked once', { version: '1', value: 'evicted' });
    for (let i = 0; i < MAX_ENTRIES * 2; i++) {
      // A dashboard's repeat read between one-off periods ("since now − 7 days" to the millisecond).
      expect(recall<string>(db, 'whole history')?.value).toBe('kept');
      remember(db, `period ${i}`, { version: '1', value: i });
    }
    expect(recall(db, 'asked once')).toBeUndefined();
    expect(recall(db, 'period 0')).toBeUndefined();
    expect(recall<number>(db, `period ${MAX_ENTRIES * 2 - 1}`)?.value).toBe(MAX_ENTRIES * 2 - 1);
  });

  it('replaces an entry under the same key with its newer version', () => {
    remember(db, 'course', { version: '1', value: 'old' });
    remember(db, 'course', { version: '2', value: 'new' });
    expect(recall(db, 'course')).toEqual({ version: '2', value: 'new' });
  });
});
