// Every operation of sdks/operations.json exists as client.<resource>.<method> and sends what the
// document says: a new endpoint fails this suite until the library has it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Lectern, OPERATIONS, VERSION } from '../src/index.js';
import { fakeClient, json, readShared } from './helpers.js';

interface Operation {
  operation_id: string;
  resource: string;
  method: string;
  http_method: string;
  path: string;
  path_params: string[];
  query_params: string[];
  has_body: boolean;
  cursor_list: boolean;
  hand_written: boolean;
}
const { operations, api_version: apiVersion } = readShared<{ operations: Operation[]; api_version: string }>('operations.json');

type Callable = (...args: unknown[]) => unknown;
function methodOf(client: Lectern, resource: string, method: string): Callable | undefined {
  const group = (client as unknown as Record<string, Record<string, unknown> | undefined>)[resource];
  const candidate = group?.[method];
  return typeof candidate === 'function' ? (candidate as Callable).bind(group) : undefined;
}

describe('operations.json coverage', () => {
  const client = new Lectern({ apiKey: 'k', baseUrl: 'https://lectern.test/api/v1' });

  it('names at least the operations the issue lists', () => {
    assert.ok(operations.length >= 60, `only ${operations.length} operations`);
  });

  for (const operation of operations) {
    const name = `client.${operation.resource}.${operation.method}`;
    it(`${name} exists (${operation.operation_id}, ${operation.http_method} ${operation.path})`, () => {
      assert.ok(methodOf(client, operation.resource, operation.method), `${name} is missing`);
      if (operation.cursor_list) assert.ok(methodOf(client, operation.resource, `${operation.method}Page`), `${name}Page is missing`);
      const spec = OPERATIONS[operation.operation_id as keyof typeof OPERATIONS];
      assert.ok(spec, `OPERATIONS lacks ${operation.operation_id}: run npm run generate`);
      assert.deepEqual(
        [spec.resource, spec.method, spec.httpMethod, spec.path, spec.pathParams, spec.queryParams, spec.hasBody, spec.cursorList],
        [operation.resource, operation.method, operation.http_method, operation.path, operation.path_params, operation.query_params, operation.has_body, operation.cursor_list],
      );
    });

    // A hand-written operation (a file upload, lines of results) takes other arguments: unit-imports.test.ts sends it.
    if (operation.hand_written) continue;
    it(`${name} sends ${operation.http_method} ${operation.path}`, async () => {
      const pathArgs = operation.path_params.map((param, index) => `x${index}_${param}`);
      const page = { data: [], pagination: { per_page: 20, next_cursor: null, has_more: false } };
      const { client: fake, sent } = fakeClient([json(200, operation.cursor_list ? page : { data: {} })]);
      const method = methodOf(fake, operation.resource, operation.cursor_list ? `${operation.method}Page` : operation.method);
      assert.ok(method);
      const args: unknown[] = [...pathArgs];
      if (operation.has_body && !operation.cursor_list) args.push({});
      if (operation.query_params.length > 0) args.push({ [operation.query_params[0] as string]: 'q' });
      await method(...args);
      assert.equal(sent.length, 1);
      const request = sent[0]!;
      assert.equal(request.method, operation.http_method);
      const expectedPath = operation.path_params.reduce((p, param, index) => p.replace(`{${param}}`, pathArgs[index]!), operation.path);
      assert.equal(request.url.pathname, `/api/v1${expectedPath}`);
      if (operation.query_params.length > 0) assert.equal(request.url.searchParams.get(operation.query_params[0]!), 'q');
      assert.equal(request.body, operation.has_body ? '{}' : undefined);
      assert.equal(request.headers.get('idempotency-key') !== null, operation.http_method === 'POST');
    });
  }

  it('has no operation that operations.json does not name', () => {
    const named = new Set(operations.map((o) => o.operation_id));
    assert.deepEqual(Object.keys(OPERATIONS).filter((id) => !named.has(id)), []);
  });

  it('the library version is the API version and the package version', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string; license: string };
    assert.equal(VERSION, apiVersion);
    assert.equal(pkg.version, apiVersion);
    assert.equal(Lectern.VERSION, apiVersion);
    assert.equal(pkg.license, 'Apache-2.0');
  });
});

describe('package', () => {
  const here = path.resolve(import.meta.dirname, '..');
  const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')) as Record<string, unknown>;

  it('is an ESM package with types, an exports map, Node 18+, Apache-2.0 and no runtime dependency', () => {
    assert.equal(pkg.name, '@lectern/sdk');
    assert.equal(pkg.type, 'module');
    assert.equal(pkg.license, 'Apache-2.0');
    assert.deepEqual(pkg.engines, { node: '>=18' });
    assert.equal(pkg.dependencies, undefined);
    const root = (pkg.exports as Record<string, Record<string, string>>)['.'];
    assert.equal(root?.types, './dist/index.d.ts');
    assert.equal(root?.import, './dist/index.js');
  });

  it('the built library imports only its own files (it runs in browsers): no Node built-in, no package', () => {
    const files = ['index.js', 'client.js', 'errors.js', 'imports.js', 'pagination.js', 'runtime.js', 'types.js', 'upload.js', 'webhooks.js', 'generated/resources.js', 'generated/openapi.js'];
    for (const file of files) {
      const text = readFileSync(path.join(here, 'dist', file), 'utf8');
      for (const [, specifier] of text.matchAll(/\bfrom\s+'([^']+)'/g)) assert.match(specifier!, /^\.\.?\//, `${file} imports ${specifier}`);
      assert.doesNotMatch(text, /\brequire\(/, file);
      // The one exception: Node 18's Web Crypto, imported by a variable only where no global crypto exists.
      const dynamic = [...text.matchAll(/\bimport\(/g)].length;
      assert.equal(dynamic, file === 'runtime.js' ? 1 : 0, `${file} has a dynamic import`);
    }
  });
});
