import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

/** The OpenAPI document exactly as the service serves it at /api/v1/openapi.json. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-openapi-'));
  const database = openDatabase({ dataDir });
  try {
    const app = await buildApp({ config: loadConfig({}), database });
    await app.ready();
    const document = app.swagger() as Record<string, unknown>;
    await app.close();
    return JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const committedPath = path.resolve(import.meta.dirname, '../docs/openapi.json');

export function serialise(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
