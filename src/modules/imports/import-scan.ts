import type { ImportObjectType, ImportsTable } from '../../db/types.js';
import { ImportFileError, type InputRow, readRows } from './import-reader.js';
import { keyOf } from './import-rows.js';
import { IMPORT_MAX_ROWS } from './imports.schemas.js';

/** A row in file order: its position over the whole file (the order of its result line) and the row. */
export interface NumberedRow {
  seq: number;
  input: InputRow;
}

/**
 * What the first pass over a file learns, writing nothing: that it can be imported at all (UTF-8,
 * readable, at most 100,000 rows), how many rows of each type it has, where each object is first
 * named (a later row naming it again fails as duplicate_in_import) and which objects it names (a
 * full sync leaves those). Bounded by the row limit, whatever the file's size.
 */
export interface Scan {
  total: number;
  rows: Record<ImportObjectType, number>;
  /** Row key → the position of the first row with it (numbers, not objects: 100,000 of them stay small). */
  first: Map<string, number>;
  /** Each row's physical line, by position. */
  lines: number[];
  /** Each row's file (a zip member, else `-`), by position: a zip's students.csv rows come first. */
  fileOf: (seq: number) => string;
  /** Students' external ids named by any row (valid or not). */
  students: Set<string>;
  /** Enrollments named by any row, as `<student ref>\u0000<course ref>` (refs `e:<external id>` or `i:<id>`). */
  enrollments: Set<string>;
}

type FileOptions = Pick<ImportsTable, 'format' | 'csv_type'>;

export async function scanFile(filePath: string, options: FileOptions): Promise<Scan> {
  const scan: Scan = {
    total: 0,
    rows: { student: 0, enrollment: 0 },
    first: new Map(),
    lines: [],
    fileOf: (seq) => (options.format !== 'zip' ? '-' : seq < scan.rows.student ? 'students.csv' : 'enrollments.csv'),
    students: new Set(),
    enrollments: new Set(),
  };
  for await (const { seq, input } of numberedRows(filePath, options, undefined, 0)) {
    scan.total = seq + 1;
    if (scan.total > IMPORT_MAX_ROWS) {
      throw new ImportFileError('too_many_rows', `The file has more than ${IMPORT_MAX_ROWS} rows; split it into several imports`, input.file, input.line);
    }
    scan.rows[input.type]++;
    scan.lines.push(input.line);
    const key = keyOf(input.type, input);
    if (key === undefined) continue;
    if (!scan.first.has(key)) scan.first.set(key, seq);
    if (input.type === 'student') scan.students.add(key.slice(2));
    else scan.enrollments.add(key.slice(2));
  }
  return scan;
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
