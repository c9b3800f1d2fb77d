import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedPath, openApiDocument, serialise } from '../../scripts/openapi-document.js';
import { setupApp, type TestApp } from '../harness.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: any;
  beforeAll(async () => {
    t = await setupApp('sqlite');
    const response = await t.request({ url: '/api/v1/openapi.json', key: null });
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => t.close());

  it('is served without a key and validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('gives every API operation a tag, a unique operationId, a summary and documented errors', () => {
    const ids = new Set<string>();
    let operations = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        operations++;
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toBeTypeOf('string');
        expect(ids.has(operation.operationId), `${where} duplicates ${operation.operationId}`).toBe(false);
        ids.add(operation.operationId);
        expect(operation.tags?.length, where).toBeGreaterThan(0);
        expect(operation.summary, where).toBeTypeOf('string');
        // A public operation (the document itself) takes no key: no 401/403/429 to document.
        if (path.startsWith('/api/v1/') && !(Array.isArray(operation.security) && operation.security.length === 0)) {
          for (const status of ['400', '401', '403', '429', '500']) expect(operation.responses[status], `${where} ${status}`).toBeDefined();
        }
      }
    }
    expect(operations).toBeGreaterThanOrEqual(10);
  });

  it('serves the interactive reference at /docs', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing an API)', async () => {
    const committed = fs.existsSync(committedPath) ? fs.readFileSync(committedPath, 'utf8') : '';
    expect(committed, 'docs/openapi.json is stale: run `npm run openapi` and commit it').toBe(serialise(await openApiDocument()));
  });
});
