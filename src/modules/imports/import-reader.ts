import fs from 'node:fs';
import readline from 'node:readline';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import type { ImportFormat, ImportObjectType } from '../../db/types.js';
import { IMPORT_MAX_BYTES } from './imports.schemas.js';

/**
 * Reads the rows of an import's file as a stream, whatever its format: CSV (csv-parse, streaming,
 * with the BOM removed and each record's physical starting line), NDJSON (a line per row) or a zip
 * whose `students.csv` and `enrollments.csv` are streamed from the file (yauzl reads the central
 * directory, then each member). Bytes are checked to be UTF-8 on the way; memory stays flat in the
 * file's size. The job reads a file twice: once to check and count, once to apply.
 */

/** One input row, before its values are checked. */
export interface InputRow {
  /** The zip member, else `-`. */
  file: string;
  /** The physical line where the row starts (a CSV's header is line 1; NDJSON counts from 1). */
  line: number;
  type: ImportObjectType;
  /** Field → value as read (CSV: text, an empty cell left out; NDJSON: the object's fields). */
  values: Record<string, unknown>;
  /** A row that cannot be read into fields (malformed JSON, a CSV row of the wrong width). */
  unreadable?: { code: 'invalid_json' | 'validation_error'; message: string };
}

/** A file that cannot be imported at all: the import fails and nothing is written. */
export class ImportFileError extends Error {
  constructor(
    readonly code: 'invalid_encoding' | 'too_many_rows' | 'invalid_file',
    message: string,
    readonly file: string | null,
    readonly line: number | null,
  ) {
    super(message);
  }
}

export const csvColumns: Record<'students' | 'enrollments', readonly string[]> = {
  students: ['external_id', 'email', 'name', 'status'],
  enrollments: ['student_external_id', 'student_id', 'course_external_id', 'course_id', 'status'],
};

const memberTypes = { 'students.csv': 'students', 'enrollments.csv': 'enrollments' } as const;
type MemberName = keyof typeof memberTypes;
const singular = { students: 'student', enrollments: 'enrollment' } as const;

/** Uncompressed bytes a zip's members may hold together (a zip bomb fails the import instead). */
const MAX_UNCOMPRESSED = 4 * IMPORT_MAX_BYTES;

export interface ReadOptions {
  format: ImportFormat;
  /** A CSV's rows. */
  csvType: 'students' | 'enrollments' | null;
  /** Only rows of this type (the apply pass takes students, then enrollments). */
  only?: ImportObjectType;
}

/** The file's rows in file order (a zip: students.csv's, then enrollments.csv's). */
export async function* readRows(filePath: string, options: ReadOptions): AsyncGenerator<InputRow> {
  if (options.format === 'csv') {
    const type = singular[options.csvType!];
    if (options.only && options.only !== type) return;
    yield* csvRows(fs.createReadStream(filePath), '-', options.csvType!);
  } else if (options.format === 'ndjson') {
    for await (const row of ndjsonRows(fs.createReadStream(filePath))) if (!options.only || row.type === options.only) yield row;
  } else {
    yield* zipRows(filePath, options.only);
  }
}

async function* zipRows(filePath: string, only: ImportObjectType | undefined): AsyncGenerator<InputRow> {
  const zip = await openZip(filePath);
  try {
    const members = await zipMembers(zip);
    if (members.size === 0) throw new ImportFileError('invalid_file', 'The zip holds neither students.csv nor enrollments.csv', null, null);
    for (const name of ['students.csv', 'enrollments.csv'] as const) {
      const entry = members.get(name);
      if (!entry || (only && only !== singular[memberTypes[name]])) continue;
      const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(zipError(err)) : resolve(s))));
      yield* csvRows(stream, name, memberTypes[name]);
    }
  } finally {
    zip.close();
  }
}

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) => (err ? reject(zipError(err)) : resolve(zip)));
  });
}

/** The zip's students.csv and enrollments.csv, found by name in any folder (not macOS's __MACOSX copies). */
function zipMembers(zip: yauzl.ZipFile): Promise<Map<MemberName, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const found = new Map<MemberName, yauzl.Entry>();
    let uncompressed = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName.split('/').pop() ?? '';
      if (!entry.fileName.startsWith('__MACOSX/') && name in memberTypes) {
        if (found.has(name as MemberName)) return reject(new ImportFileError('invalid_file', `The zip holds ${name} twice`, name, null));
        uncompressed += entry.uncompressedSize;
        if (uncompressed > MAX_UNCOMPRESSED) return reject(new ImportFileError('invalid_file', `The zip's members are larger than ${MAX_UNCOMPRESSED} bytes uncompressed`, name, null));
        found.set(name as MemberName, entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', (err: Error) => reject(zipError(err)));
    zip.readEntry();
  });
}

function zipError(err: Error): Error {
  return err instanceof ImportFileError ? err : new ImportFileError('invalid_file', `The body is not a readable zip file: ${err.message}`, null, null);
}

/**
 * A CSV's rows. The header names the columns (API field names, any order, each once); a record's
 * line is the one after the previous record's last line, plus the empty lines skipped between.
 */
async function* csvRows(source: Readable, file: string, csvType: 'students' | 'enrollments'): AsyncGenerator<InputRow> {
  const parser = csvParser();
  // A failure anywhere (a read, bad UTF-8) destroys the parser with it, which ends the loop below.
  pipeline(source, new Utf8Check(file), parser).catch(() => {});
  let header: string[] | undefined;
  let lastLine = 0;
  let emptyLines = 0;
  try {
    for await (const parsed of parser as AsyncIterable<ParsedRecord>) {
      const { record } = parsed;
      const line = lastLine + 1 + (parsed.emptyLines - emptyLines);
      lastLine = parsed.lines;
      emptyLines = parsed.emptyLines;
      if (!header) {
        header = checkedHeader(record, file, csvType, line);
        continue;
      }
      if (record.every((value) => value.trim() === '')) continue;
      const type = singular[csvType];
      if (record.length !== header.length) {
        yield { file, line, type, values: {}, unreadable: { code: 'validation_error', message: `The row has ${record.length} fields; the header has ${header.length}` } };
        continue;
      }
      const values: Record<string, string> = {};
      header.forEach((column, i) => {
        if (record[i] !== '') values[column] = record[i]!;
      });
      yield { file, line, type, values };
    }
  } catch (err) {
    throw csvError(err, file);
  }
}

/** A CSV record with csv-parse's counts of the lines read up to its end, and of the empty lines skipped among them. */
interface ParsedRecord {
  record: string[];
  lines: number;
  emptyLines: number;
}

/**
 * csv-parse's stream of ParsedRecords. It pushes each record the moment it is complete, while its
 * `info` counts the lines read up to there: read then, the counts are what its `info: true` option
 * gives a record, without the copy of all its counters that option makes for every record (two
 * object spreads a record). Those copies were most of what reading a file left to V8's old
 * generation, where they stayed until a full collection (bench/README.md, "Imports").
 */
function csvParser(): ReturnType<typeof parse> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  const push = parser.push.bind(parser);
  parser.push = (record: string[] | null) => push(record === null ? null : ({ record, lines: parser.info.lines, emptyLines: parser.info.empty_lines } satisfies ParsedRecord));
  return parser;
}

function checkedHeader(record: string[], file: string, csvType: 'students' | 'enrollments', line: number): string[] {
  const allowed = csvColumns[csvType];
  const header = record.map((name) => name.trim());
  for (const name of header) {
    if (!allowed.includes(name)) {
      throw new ImportFileError('invalid_file', `Unknown column "${name}" in the header of a ${csvType} CSV; the columns are ${allowed.join(', ')}`, file, line);
    }
  }
  const repeated = header.find((name, i) => header.indexOf(name) !== i);
  if (repeated) throw new ImportFileError('invalid_file', `The header names the column "${repeated}" twice`, file, line);
  const needed = csvType === 'students' ? [['external_id']] : [['student_external_id', 'student_id'], ['course_external_id', 'course_id']];
  for (const anyOf of needed) {
    if (!anyOf.some((name) => header.includes(name))) {
      throw new ImportFileError('invalid_file', `A ${csvType} CSV needs the column ${anyOf.join(' or ')}`, file, line);
    }
  }
  return header;
}

function csvError(err: unknown, file: string): Error {
  if (err instanceof ImportFileError) return err;
  const { code, lines } = err as { code?: string; lines?: number };
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    return new ImportFileError('invalid_file', `The CSV cannot be read: ${(err as Error).message}`, file, typeof lines === 'number' ? lines : null);
  }
  return err as Error;
}

/** NDJSON rows: one JSON object per line; blank lines are passed over. */
async function* ndjsonRows(source: Readable): AsyncGenerator<InputRow> {
  const checked = new Utf8Check('-');
  pipeline(source, checked).catch(() => {});
  const lines = readline.createInterface({ input: checked, crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line++;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { file: '-', line, type: 'student', values: {}, unreadable: { code: 'invalid_json', message: 'The line is not valid JSON' } };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { file: '-', line, type: 'student', values: {}, unreadable: { code: 'validation_error', message: 'The line must be a JSON object' } };
      continue;
    }
    const { type, ...values } = value as Record<string, unknown>;
    if (type !== 'student' && type !== 'enrollment') {
      yield { file: '-', line, type: 'student', values, unreadable: { code: 'validation_error', message: '"type" must be "student" or "enrollment"' } };
      continue;
    }
    yield { file: '-', line, type, values };
  }
}

/**
 * Passes bytes on unchanged while checking that they are UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), counting lines to say where the first bad byte is.
 */
class Utf8Check extends Transform {
  private line = 1;
  /** Continuation bytes still expected, and the bounds of the next one (for overlongs and surrogates). */
  private needed = 0;
  private low = 0x80;
  private high = 0xbf;

  constructor(private readonly file: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.needed > 0) {
        if (byte < this.low || byte > this.high) return done(this.invalid());
        this.needed--;
        this.low = 0x80;
        this.high = 0xbf;
        continue;
      }
      if (byte < 0x80) {
        if (byte === 0x0a) this.line++;
        continue;
      }
      if (byte >= 0xc2 && byte <= 0xdf) this.needed = 1;
      else if (byte >= 0xe0 && byte <= 0xef) {
        this.needed = 2;
        if (byte === 0xe0) this.low = 0xa0;
        if (byte === 0xed) this.high = 0x9f;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        this.needed = 3;
        if (byte === 0xf0) this.low = 0x90;
        if (byte === 0xf4) this.high = 0x8f;
      } else return done(this.invalid());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.needed > 0 ? this.invalid() : null);
  }

  private invalid(): ImportFileError {
    return new ImportFileError('invalid_encoding', `The file is not valid UTF-8 (line ${this.line}); save it as UTF-8 and import it again`, this.file, this.line);
  }
}
