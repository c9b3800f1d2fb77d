/** The operations of the OpenAPI document (app.swagger()), with their schemas' $refs resolved. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  propertyNames?: Schema;
  pattern?: string;
  format?: string;
  $ref?: string;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: Method;
  /** The document's path, with `{id}` placeholders. */
  path: string;
  operationId: string;
  /** `x-required-scope`: a scope, `null` for any valid key, `undefined` when the operation has none (public). */
  scope: string | null | undefined;
  parameters: Parameter[];
  body: Schema | undefined;
  /** `requestBody.required`: false for an action whose body may be left out (rotate's grace period). */
  bodyRequired: boolean;
  /** The request body is a file, not JSON (POST /imports: CSV, NDJSON or zip). */
  fileBody: boolean;
  responses: Record<string, { schema?: Schema }>;
}

interface Document {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, any> };
}

/** Every keyed /api/v1 operation of the document (or every keyed operation under `prefix`), in document order. */
export function apiOperations(document: unknown, prefix = '/api/v1/'): Operation[] {
  const doc = document as Document;
  const resolve = (schema: Schema | undefined, depth = 0): Schema | undefined => resolveRefs(doc, schema, depth);
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [method, operation] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // A public operation (the document itself, `security: []`) takes no key: no scope, no workspace.
      if (Array.isArray(operation.security) && operation.security.length === 0) continue;
      const parameters: Parameter[] = (operation.parameters ?? []).map((p: any) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        // The parameter's description ("Course id (crs_…)") tells what it names.
        schema: { ...(p.description ? { description: p.description } : {}), ...resolve(p.schema) },
      }));
      const responses: Operation['responses'] = {};
      for (const [status, answer] of Object.entries<any>(operation.responses ?? {})) {
        // Error answers are shared: `#/components/responses/NotFound`.
        const response = answer.$ref ? doc.components?.responses?.[answer.$ref.split('/').pop()] : answer;
        responses[status] = { schema: resolve(response?.content?.['application/json']?.schema) };
      }
      out.push({
        method: method.toUpperCase() as Method,
        path,
        operationId: operation.operationId,
        scope: 'x-required-scope' in operation ? operation['x-required-scope'] : undefined,
        parameters,
        body: resolve(operation.requestBody?.content?.['application/json']?.schema),
        bodyRequired: operation.requestBody?.required !== false,
        fileBody: operation.requestBody !== undefined && !('application/json' in (operation.requestBody.content ?? {})),
        responses,
      });
    }
  }
  return out;
}

function resolveRefs(doc: Document, schema: Schema | undefined, depth: number): Schema | undefined {
  if (!schema || typeof schema !== 'object') return schema;
  if (depth > 40) return {};
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(doc, s, depth + 1)) as unknown as Schema;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    const target = doc.components?.schemas?.[name];
    return resolveRefs(doc, target, depth + 1);
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = v && typeof v === 'object' ? (k === 'enum' || k === 'examples' || k === 'const' ? v : resolveProps(doc, k, v, depth)) : v;
  }
  return out;
}

function resolveProps(doc: Document, key: string, value: any, depth: number): unknown {
  if (key === 'properties' || key === 'patternProperties') {
    return Object.fromEntries(Object.entries(value).map(([name, s]) => [name, resolveRefs(doc, s as Schema, depth + 1)]));
  }
  if (Array.isArray(value)) return value.map((s) => resolveRefs(doc, s, depth + 1));
  return resolveRefs(doc, value, depth + 1);
}

/** The operation's URL with its path parameters filled in and an optional query appended. */
export function urlOf(operation: Pick<Operation, 'path'>, pathValues: Record<string, string>, query?: Record<string, string> | string): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.path}`);
    return value;
  });
  if (query === undefined) return path;
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Names of the id-taking inputs of an operation: the path's `{id}`, query and body fields ending in
 * `_id` (at any depth), except `external_id` (also an upsert's path `{external_id}`), which is the
 * client's own identifier, and `client_id` (an LTI platform's name for Lectern), neither of them one of ours.
 */
export function idInputs(operation: Operation): { in: 'path' | 'query' | 'body'; name: string }[] {
  const out: { in: 'path' | 'query' | 'body'; name: string }[] = [];
  for (const p of operation.parameters) {
    if ((p.in === 'path' && p.name !== 'external_id') || (p.in === 'query' && isIdName(p.name))) out.push({ in: p.in, name: p.name });
  }
  const seen = new Set<string>();
  const walk = (schema: Schema | undefined, depth: number) => {
    if (!schema || depth > 6) return;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (isIdName(name) && !seen.has(name)) {
        seen.add(name);
        out.push({ in: 'body', name });
      }
      walk(property, depth + 1);
    }
    walk(schema.items, depth + 1);
    for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(s, depth + 1);
  };
  walk(operation.body, 0);
  return out;
}

function isIdName(name: string): boolean {
  return name.endsWith('_id') && name !== 'external_id' && name !== 'client_id';
}
