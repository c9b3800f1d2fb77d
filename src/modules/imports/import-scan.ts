import type { ImportObjectType, ImportsTable } from '../../db/types.js';
import { ImportFileError, type InputRow, readRows } from './import-reader.js';
import { keyOf } from './import-rows.js';
import { IMPORT_MAX_ROWS } from './imports.schemas.js';

/** A row in file order: its position over the whole file (the order of its result line) and the row. */
export interface NumberedRow {
  seq: number;
  input: InputRow;
  /** Where the first row naming the same object is, when this row is not that first row (duplicate_in_import). */
  firstAt?: { line: number; file: string } | undefined;
}

/**
 * What the first pass over a file learns, writing nothing: that it can be imported at all (UTF-8,
 * readable, at most 100,000 rows), how many rows of each type it has, which row keys may be named
 * twice (a hash of each key: the apply pass then keeps the keys of only those rows, to find the first
 * of each) and, for a full sync, which objects it names (a full sync leaves those). Bounded by the
 * row limit, whatever the file's size; without a full sync, a few bytes a row while it runs.
 */
export interface Scan {
  total: number;
  rows: Record<ImportObjectType, number>;
  /** Hashes of the row keys that more than one row has (usually none). */
  repeated: Set<number>;
  /** Students' external ids named by any row (valid or not); a full sync's only. */
  students: Set<string>;
  /** Enrollments named by any row, as `<student ref>\u0000<course ref>` (refs `e:<external id>` or `i:<id>`); a full sync's only. */
  enrollments: Set<string>;
}

type FileOptions = Pick<ImportsTable, 'format' | 'csv_type'>;

/** FNV-1a over a key's UTF-16 code units (32 bits). */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}

export async function scanFile(filePath: string, options: FileOptions & Partial<Pick<ImportsTable, 'sync'>>): Promise<Scan> {
  const scan: Scan = { total: 0, rows: { student: 0, enrollment: 0 }, repeated: new Set(), students: new Set(), enrollments: new Set() };
  const full = options.sync === 'full';
  let hashes = new Int32Array(1024);
  let keyed = 0;
  for await (const input of readRows(filePath, { format: options.format, csvType: options.csv_type })) {
    scan.total++;
    if (scan.total > IMPORT_MAX_ROWS) {
      throw new ImportFileError('too_many_rows', `The file has more than ${IMPORT_MAX_ROWS} rows; split it into several imports`, input.file, input.line);
    }
    scan.rows[input.type]++;
    const key = keyOf(input.type, input);
    if (key === undefined) continue;
    if (keyed === hashes.length) {
      const grown = new Int32Array(hashes.length * 2);
      grown.set(hashes);
      hashes = grown;
    }
    hashes[keyed++] = keyHash(key);
    if (!full) continue;
    if (input.type === 'student') scan.students.add(key.slice(2));
    else scan.enrollments.add(key.slice(2));
  }
  const sorted = hashes.subarray(0, keyed).sort();
  for (let i = 1; i < keyed; i++) if (sorted[i] === sorted[i - 1]) scan.repeated.add(sorted[i]!);
  return scan;
}

/**
 * Finds the rows that name an object an earlier row of the import names (duplicate_in_import), in
 * file order: only the rows whose key's hash the scan saw more than once are remembered, by key.
 * Every row read must pass through `mark`, those a resumed run skips included.
 */
export class Duplicates {
  private readonly first = new Map<string, { line: number; file: string }>();

  constructor(private readonly scan: Scan) {}

  mark(row: NumberedRow): void {
    if (this.scan.repeated.size === 0) return;
    const key = keyOf(row.input.type, row.input);
    if (key === undefined || !this.scan.repeated.has(keyHash(key))) return;
    const first = this.first.get(key);
    if (first) row.firstAt = first;
    else this.first.set(key, { line: row.input.line, file: row.input.file });
  }
}

/**
 * The rows of one type (or all), numbered in file order. A zip's enrollments.csv comes after its
 * students.csv, so its rows are numbered from `studentRows` on without reading students.csv again.
 */
export async function* numberedRows(filePath: string, options: FileOptions, only: ImportObjectType | undefined, studentRows: number): AsyncGenerator<NumberedRow> {
  const { format, csv_type: csvType } = options;
  if (format === 'ndjson') {
    let seq = 0;
    for await (const input of readRows(filePath, { format, csvType })) {
      if (!only || input.type === only) yield { seq, input };
      seq++;
    }
    return;
  }
  let seq = format === 'zip' && only === 'enrollment' ? studentRows : 0;
  for await (const input of readRows(filePath, { format, csvType, ...(only ? { only } : {}) })) yield { seq: seq++, input };
}
