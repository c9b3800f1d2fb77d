import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import yazl from 'yazl';
import type { ExportFormat } from '../../db/types.js';
import { buildCmi5 } from './cmi5.js';
import type { CourseDocument } from './exports.schemas.js';
import { buildCartridge } from './imscc.js';
import type { PackageFile } from './render.js';
import { buildScorm12 } from './scorm12.js';

/** Each format's file name extension: SCORM and cmi5 packages are plain .zip files, as LMSs expect them. */
export const fileExtensions: Record<ExportFormat, string> = { json: 'json', imscc: 'imscc', scorm12: 'zip', cmi5: 'zip' };

/** Where an export's file lives: one file per export, named by its id. */
export function exportFilePath(dir: string, id: string, format: ExportFormat): string {
  return path.join(dir, `${id}.${fileExtensions[format]}`);
}

export const contentTypes: Record<ExportFormat, string> = { json: 'application/json', imscc: 'application/zip', scorm12: 'application/zip', cmi5: 'application/zip' };

const packagers: Record<Exclude<ExportFormat, 'json'>, (document: CourseDocument, id: string) => PackageFile[]> = {
  imscc: buildCartridge,
  scorm12: buildScorm12,
  cmi5: buildCmi5,
};

/**
 * Writes the export's file and answers its size. The file is written under a temporary name and
 * renamed into place, so a reader never sees half a file and a worker that dies mid-way leaves
 * at most a temporary file behind (a rerun writes a new one).
 */
export async function writeExportFile(dir: string, id: string, format: ExportFormat, document: CourseDocument): Promise<number> {
  await fs.promises.mkdir(dir, { recursive: true });
  const target = exportFilePath(dir, id, format);
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    if (format === 'json') await fs.promises.writeFile(temporary, JSON.stringify(document));
    else await writeZip(temporary, packagers[format](document, id));
    await fs.promises.rename(temporary, target);
  } catch (err) {
    await fs.promises.rm(temporary, { force: true });
    throw err;
  }
  return (await fs.promises.stat(target)).size;
}

async function writeZip(file: string, entries: PackageFile[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content, entry.path);
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

/** Removes an export's file; a file already gone is not an error. */
export async function removeExportFile(dir: string, id: string, format: ExportFormat): Promise<void> {
  await fs.promises.rm(exportFilePath(dir, id, format), { force: true });
}
