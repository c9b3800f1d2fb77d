import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import { IMPORT_MAX_BYTES, importMediaTypes } from './imports.schemas.js';

/**
 * The body of POST /imports, once spooled to a file of the import directory: its size, its SHA-256
 * and its media type are what the request is (the Idempotency-Key fingerprint reads the enumerable
 * fields), the file's path stays private. Memory stays flat whatever the file's size: the body is
 * streamed to disk and hashed on the way.
 */
export class SpooledBody {
  readonly #path: string;
  #adopted = false;

  constructor(
    filePath: string,
    readonly media_type: string,
    readonly bytes: number,
    readonly sha256: string,
    /** The query string, so that the same file with other options is another request. */
    readonly query: string,
  ) {
    this.#path = filePath;
  }

  /** Moves the file to where the import's job reads it; the body is the import's from then on. */
  async adoptAs(target: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.#path, target);
    this.#adopted = true;
  }

  /** Removes the spooled file unless an import adopted it (a refused, replayed or failed request). */
  async discard(): Promise<void> {
    if (!this.#adopted) await fs.promises.rm(this.#path, { force: true });
  }
}

/** Where an import's file waits for its job. */
export function importFilePath(dir: string, importId: string): string {
  return path.join(dir, `${importId}.upload`);
}

export async function removeImportFile(dir: string, importId: string): Promise<void> {
  await fs.promises.rm(importFilePath(dir, importId), { force: true });
}

/** Spooled bodies of requests that never finished (a process that died mid-upload) are removed after this long. */
const STALE_SPOOL_MS = 60 * 60 * 1000;

/**
 * Streams a request body to a new spool file of `dir`, refusing it with 413 as soon as it passes
 * 50 MiB (at once when Content-Length says so), before any row is read.
 */
export async function spoolBody(dir: string, body: Readable, mediaType: string, contentLength: number | undefined, query: string): Promise<SpooledBody> {
  if (contentLength !== undefined && contentLength > IMPORT_MAX_BYTES) throw tooLarge();
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `spool-${Date.now()}-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > IMPORT_MAX_BYTES) throw tooLarge();
          hash.update(chunk);
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return new SpooledBody(file, mediaType, bytes, hash.digest('hex'), query);
}

/** Removes spool files left by requests that never finished. */
export async function purgeStaleSpools(dir: string, now: number): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.startsWith('spool-'))) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_SPOOL_MS) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

function tooLarge(): AppError {
  return new AppError('payload_too_large', `An import file may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB (${IMPORT_MAX_BYTES} bytes); split it into several imports`);
}

/** What a body of another media type is told: the types an import takes. */
export const IMPORT_MEDIA_TYPES_MESSAGE = `Send the file as ${Object.keys(importMediaTypes).join(', ')}`;

/**
 * The body parsers of a scope whose POSTs carry an import file (the API's and the console's): each
 * import media type is spooled to `dir`; a body of any other type (JSON included) answers 415 naming
 * the types an import takes, not the JSON API's usual message.
 */
export function acceptImportFiles(files: FastifyInstance, dir: string): void {
  files.removeAllContentTypeParsers();
  for (const mediaType of Object.keys(importMediaTypes)) {
    files.addContentTypeParser(mediaType, (request: FastifyRequest, payload: IncomingMessage) => {
      const length = request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return spoolBody(dir, payload, mediaType, length, query);
    });
  }
  files.addContentTypeParser('*', async () => {
    throw new AppError('unsupported_media_type', IMPORT_MEDIA_TYPES_MESSAGE);
  });
}
