import { describe, expect, it } from 'vitest';
import { Duplicates, keyHash, type NumberedRow, type Scan } from '../../src/modules/imports/import-scan.js';

/** Two external ids whose student keys have the same 32-bit hash (a birthday search). */
function collidingIds(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const id = `X${i}`;
    const hash = keyHash(`s\u0000${id}`);
    const other = seen.get(hash);
    if (other !== undefined) return [other, id];
    seen.set(hash, id);
  }
}

const row = (seq: number, externalId: string): NumberedRow => ({ seq, input: { file: '-', line: seq + 2, type: 'student', values: { external_id: externalId } } });

describe('imports: duplicate rows found by key hash', () => {
  it('two keys with the same hash are not duplicates; a repeated key names its first row', () => {
    const [a, b] = collidingIds();
    expect(a).not.toBe(b);
    const scan: Scan = { total: 3, rows: { student: 3, enrollment: 0 }, repeated: new Set([keyHash(`s\u0000${a}`)]), students: new Set(), enrollments: new Set() };
    const duplicates = new Duplicates(scan);
    const rows = [row(0, a), row(1, b), row(2, a), row(3, 'unique')];
    for (const r of rows) duplicates.mark(r);
    expect(rows.map((r) => r.firstAt)).toEqual([undefined, undefined, { line: 2, file: '-' }, undefined]);
  });
});
