import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRows } from '../../src/modules/imports/import-reader.js';

/**
 * The physical line of each CSV row, as result lines show it: csv-parse's counts of the lines read
 * and of the empty lines skipped, taken at each record (the reader reads them as each record is
 * pushed, not from a copy per record). The line endings and gaps a spreadsheet or a script writes.
 */
describe('imports: the line of each CSV row', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-import-reader-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function rowsOf(text: string) {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
    fs.writeFileSync(file, text);
    const rows: [number, Record<string, unknown>, string | undefined][] = [];
    for await (const row of readRows(file, { format: 'csv', csvType: 'students' })) rows.push([row.line, row.values, row.unreadable?.message]);
    return rows;
  }

  it('CRLF lines, an empty line and a line of spaces between rows, no newline at the end', async () => {
    expect(await rowsOf('external_id,email,name\r\nA1,a1@example.com,One\r\n\r\nA2,a2@example.com,Two\r\n   \r\nA3,a3@example.com,Three')).toEqual([
      [2, { external_id: 'A1', email: 'a1@example.com', name: 'One' }, undefined],
      [4, { external_id: 'A2', email: 'a2@example.com', name: 'Two' }, undefined],
      [6, { external_id: 'A3', email: 'a3@example.com', name: 'Three' }, undefined],
    ]);
  });

  it('empty lines before the header and between rows, a quoted field over three lines, rows of the wrong width', async () => {
    expect(await rowsOf('\n\nexternal_id,name\n\nB1,One\n\n\nB2,"x\n\ny"\nB3\n,\nB4,Four\n\n')).toEqual([
      [5, { external_id: 'B1', name: 'One' }, undefined],
      [8, { external_id: 'B2', name: 'x\n\ny' }, undefined],
      [11, {}, 'The row has 1 fields; the header has 2'],
      [13, { external_id: 'B4', name: 'Four' }, undefined],
    ]);
  });

  it('old Mac line endings (CR alone) and a BOM', async () => {
    expect(await rowsOf('\uFEFFexternal_id,name\rC1,One\r\rC2,"Tw""o"\r')).toEqual([
      [2, { external_id: 'C1', name: 'One' }, undefined],
      [4, { external_id: 'C2', name: 'Tw"o' }, undefined],
    ]);
  });

  it('as many rows as the file has, in order, over many reads of the stream', async () => {
    const rows = await rowsOf(`external_id,name\n${Array.from({ length: 20_000 }, (_, i) => `M${i},"Name ${i}"`).join('\n')}\n`);
    expect(rows).toHaveLength(20_000);
    expect(rows.every(([line, values], i) => line === i + 2 && values.external_id === `M${i}`)).toBe(true);
  });
});
