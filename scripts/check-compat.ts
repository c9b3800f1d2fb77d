/**
 * `npm run check:compat`: is docs/openapi.json still compatible with the last released document
 * (docs/openapi/released/<version>.json)? The policy is docs/versioning.md.
 *
 * Both documents are first reduced to what a client can rely on: every operation (and every webhook
 * event, as what the client receives) with its parameters, request body and responses, each schema
 * with its `$ref`s inlined and its unions and `allOf`s merged into one shape (the fields any variant
 * has, the enum values any variant has, the request fields every variant requires), annotations and
 * validation keywords left out. Refactoring the document (a component, a discriminated union, a
 * shared answer) then changes nothing; what a client sees does. api-smart-diff compares the two and
 * classifies each change; of the changes it calls breaking, these fail the check unless the
 * CHANGELOG's `## [Unreleased]` declares them (docs/versioning.md, "Declaring a breaking change"):
 * a removed operation, webhook event or response; a removed response or request field; a removed
 * enum value; a new required parameter, body or body field; a changed type. The others are printed
 * as notes (`--verbose` lists them) for the reviewer.
 *
 *   npm run check:compat -- [--base FILE] [--current FILE] [--changelog FILE] [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiDiff } from 'api-smart-diff';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const API_PREFIX = '/api/v1';
/** The pseudo-operation whose answer is every error body of the document, united. */
const ERRORS = '/errors';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// The client's view of a document

/** Resolves a local `$ref` (`#/components/schemas/Course`); what it is otherwise is kept. */
function resolve(root: JsonObject, node: Json, seen: string[] = []): Json {
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.includes(ref)) return {};
    seen = [...seen, ref];
    let target: Json = root;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'));
      target = isObject(target) ? (target[key] ?? null) : null;
    }
    current = target;
  }
  return current;
}

type Mode = 'request' | 'response';

const shapeCache = new WeakMap<JsonObject, Map<string, JsonObject>>();
const shapes = (root: JsonObject) => {
  let cache = shapeCache.get(root);
  if (!cache) shapeCache.set(root, (cache = new Map()));
  return cache;
};

/**
 * One schema as a client relies on it: `$ref`s inlined, `allOf` merged, `anyOf`/`oneOf` merged into
 * one shape, `const` as an enum, `null` left out of types; only type, properties, required, items,
 * additionalProperties and enum kept.
 */
function shape(root: JsonObject, node: Json, mode: Mode, stack: string[] = []): JsonObject {
  if (!isObject(node)) return {};
  if (typeof node.$ref === 'string') {
    if (stack.includes(node.$ref)) return { 'x-recursive': node.$ref.split('/').pop() ?? '' };
    const { $ref: _ref, ...siblings } = node;
    // The same component shapes the same way wherever it is used (the error answers, Course…).
    const key = Object.keys(siblings).length === 0 ? `${mode} ${stack.join(' ')} ${node.$ref}` : undefined;
    let cached = key === undefined ? undefined : shapes(root).get(key);
    if (!cached) {
      cached = shape(root, { allOf: [resolve(root, node), siblings] }, mode, [...stack, node.$ref]);
      if (key !== undefined) shapes(root).set(key, cached);
    }
    return cached;
  }
  const parts: JsonObject[] = [];
  const { allOf, anyOf, oneOf, ...own } = node;
  parts.push(plain(root, own, mode, stack));
  for (const member of Array.isArray(allOf) ? allOf : []) parts.push(shape(root, member, mode, stack));
  let merged = parts.reduce(intersect, {});
  const branches = [...(Array.isArray(anyOf) ? anyOf : []), ...(Array.isArray(oneOf) ? oneOf : [])]
    .map((branch) => shape(root, branch, mode, stack))
    .filter((branch) => !(branch.type === 'null' && Object.keys(branch).length === 1));
  if (branches.length > 0) merged = intersect(merged, branches.reduce(unite));
  return tidy(merged);
}

/** A schema's own keywords (no combinators), its children shaped. */
function plain(root: JsonObject, node: JsonObject, mode: Mode, stack: string[]): JsonObject {
  const out: JsonObject = {};
  const types = [node.type].flat().filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (types.length > 0) out.type = types.length === 1 ? (types[0] as string) : [...new Set(types)].sort();
  if (isObject(node.properties)) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, shape(root, child, mode, stack)]));
  }
  if (Array.isArray(node.required)) out.required = node.required.filter((r) => typeof r === 'string');
  if (node.items !== undefined) out.items = shape(root, node.items, mode, stack);
  if (isObject(node.additionalProperties)) out.additionalProperties = shape(root, node.additionalProperties, mode, stack);
  // A closed object (unknown fields refused): removing one of its request fields breaks a client that sends it.
  if (node.additionalProperties === false) out.additionalProperties = false;
  const values = [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])].filter((v) => v !== null);
  if (values.length > 0) out.enum = values;
  return out;
}

/** Both at once (allOf): every property of either, every required of either. */
function intersect(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (key === 'properties' && isObject(a.properties) && isObject(value)) {
      const props: JsonObject = { ...a.properties };
      for (const [name, child] of Object.entries(value)) props[name] = isObject(props[name]) && isObject(child) ? intersect(props[name], child) : child;
      out.properties = props;
    } else if (key === 'required' && Array.isArray(a.required) && Array.isArray(value)) {
      out.required = [...new Set([...a.required, ...value])];
    } else if (key === 'enum' && Array.isArray(a.enum) && Array.isArray(value)) {
      const inB = new Set(value.map((v) => JSON.stringify(v)));
      out.enum = a.enum.filter((v) => inB.has(JSON.stringify(v)));
    } else if ((key === 'items' || key === 'additionalProperties') && isObject(a[key]) && isObject(value)) {
      out[key] = intersect(a[key], value);
    } else if (!(key in a)) {
      out[key] = value;
    }
  }
  return out;
}

/** Either one (a union's variants): every property of any, required only where all require it, every enum value of any. */
function unite(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = {};
  const typesOf = (s: JsonObject) => [s.type ?? []].flat() as string[];
  const types = [...new Set([...typesOf(a), ...typesOf(b)])].sort();
  if (types.length > 0) out.type = types.length === 1 ? (types[0] as string) : types;
  if (isObject(a.properties) || isObject(b.properties)) {
    const props: JsonObject = { ...(isObject(a.properties) ? a.properties : {}) };
    for (const [name, child] of Object.entries(isObject(b.properties) ? b.properties : {})) {
      props[name] = isObject(props[name]) && isObject(child) ? unite(props[name], child) : child;
    }
    out.properties = props;
  }
  const required = (s: JsonObject) => (Array.isArray(s.required) ? (s.required as string[]) : []);
  const both = required(a).filter((r) => required(b).includes(r));
  if (both.length > 0) out.required = both;
  for (const key of ['items', 'additionalProperties'] as const) {
    const x = a[key];
    const y = b[key];
    if (isObject(x) && isObject(y)) out[key] = unite(x, y);
    else if (isObject(x) || isObject(y)) out[key] = (isObject(x) ? x : y) as JsonObject;
    else if (x === false && y === false) out[key] = false;
  }
  // A union with a variant of no enum (any string) takes any value: no enum.
  if (Array.isArray(a.enum) && Array.isArray(b.enum)) out.enum = [...a.enum, ...b.enum];
  else if (Array.isArray(a.enum) && !b.type && !isObject(b.properties)) out.enum = a.enum;
  else if (Array.isArray(b.enum) && !a.type && !isObject(a.properties)) out.enum = b.enum;
  return out;
}

/** Sorted, deduplicated, empty parts left out: the same shape prints the same. */
function tidy(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (schema.type !== undefined) out.type = schema.type;
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.keys(schema.properties).sort().map((name) => [name, tidy((schema.properties as JsonObject)[name] as JsonObject)]));
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = [...new Set(schema.required as string[])].sort();
  if (isObject(schema.items)) out.items = tidy(schema.items);
  if (isObject(schema.additionalProperties)) out.additionalProperties = tidy(schema.additionalProperties);
  else if (schema.additionalProperties === false) out.additionalProperties = false;
  if (Array.isArray(schema.enum)) {
    const seen = new Map(schema.enum.map((v) => [JSON.stringify(v), v]));
    out.enum = [...seen.keys()].sort().map((k) => seen.get(k) as Json);
    // An enum without a type has the type of its values.
    if (out.type === undefined) {
      const types = [...new Set(out.enum.map((v) => (Number.isInteger(v) ? 'integer' : typeof v)))].sort();
      out.type = types.length === 1 ? (types[0] as string) : types;
    }
  }
  if (typeof schema['x-recursive'] === 'string') out['x-recursive'] = schema['x-recursive'];
  return out;
}

function content(root: JsonObject, node: Json, mode: Mode): JsonObject | undefined {
  if (!isObject(node)) return undefined;
  return Object.fromEntries(Object.entries(node).map(([media, value]) => [media, { schema: shape(root, isObject(value) ? (value.schema ?? {}) : {}, mode) }]));
}

/** An error answer (4xx, 5xx, default): its body is the one error envelope of the whole API. */
const isError = (status: string) => /^[45]/.test(status) || status === 'default';

function operation(root: JsonObject, op: JsonObject, shared: Json[], errors: JsonObject[]): JsonObject {
  const out: JsonObject = {};
  const parameters = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]
    .map((p) => resolve(root, p))
    .filter(isObject)
    .map((p) => ({ name: p.name ?? '', in: p.in ?? '', required: p.required === true, schema: shape(root, p.schema ?? {}, 'request') }));
  out.parameters = parameters; // even none: a parameter added later is then one item added
  const body = resolve(root, op.requestBody ?? null);
  if (isObject(body)) out.requestBody = { required: body.required === true, content: content(root, body.content ?? null, 'request') ?? {} };
  const responses: JsonObject = {};
  for (const [status, value] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const response = resolve(root, value);
    const media = isObject(response) ? content(root, response.content ?? null, 'response') : undefined;
    // Error bodies are compared once, as one document-wide shape (`/errors`): the operation keeps its statuses.
    if (media && isError(status)) errors.push(...Object.values(media).map((m) => (m as JsonObject).schema as JsonObject));
    responses[status] = { description: '', ...(media && !isError(status) ? { content: media } : {}) };
  }
  out.responses = responses;
  return out;
}

/**
 * The document as a client relies on it: its operations, and each webhook event as `POST
 * /webhooks/<type>` answering the event's payload (what the client receives, so a field removed
 * from it breaks as a response field does).
 */
export function clientView(document: JsonObject): JsonObject {
  const paths: JsonObject = {};
  const errors: JsonObject[] = [];
  for (const [url, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const ops: JsonObject = {};
    for (const method of METHODS) if (isObject(item[method])) ops[method] = operation(document, item[method], shared, errors);
    paths[url] = ops;
  }
  if (errors.length > 0) {
    paths[ERRORS] = { get: { responses: { default: { description: '', content: { 'application/json': { schema: tidy(errors.reduce(unite)) } } } } } };
  }
  for (const [type, item] of Object.entries(isObject(document.webhooks) ? document.webhooks : {})) {
    const body = isObject(item) && isObject(item.post) ? resolve(document, item.post.requestBody ?? null) : null;
    const media = isObject(body) ? content(document, body.content ?? null, 'response') : undefined;
    paths[`/webhooks/${type}`] = { post: { responses: { '200': { description: '', ...(media ? { content: media } : {}) } } } };
  }
  // A copy: the shapes of components are shared within the view.
  return JSON.parse(JSON.stringify({ openapi: '3.1.0', info: { title: 'client view', version: '0' }, paths })) as JsonObject;
}

/**
 * The two views less what they share unchanged (a response, a request body): the diff then walks
 * only what changed, seconds less.
 */
export function withoutUnchanged(before: JsonObject, after: JsonObject): void {
  const same = (a: Json | undefined, b: Json | undefined) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);
  const afterPaths = after.paths as JsonObject;
  for (const [url, item] of Object.entries(before.paths as JsonObject)) {
    const other = afterPaths[url];
    if (!isObject(item) || !isObject(other)) continue;
    for (const [method, op] of Object.entries(item)) {
      const twin = other[method];
      if (!isObject(op) || !isObject(twin)) continue;
      if (same(op.requestBody, twin.requestBody)) {
        delete op.requestBody;
        delete twin.requestBody;
      }
      const responses = isObject(op.responses) ? op.responses : {};
      const twinResponses = isObject(twin.responses) ? twin.responses : {};
      for (const status of Object.keys(responses)) {
        if (same(responses[status], twinResponses[status])) {
          delete responses[status];
          delete twinResponses[status];
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Breaking changes under the policy

export interface BreakingChange {
  kind: string;
  /** `GET /api/v1/courses/{id}`, or `webhook course.created`. */
  operation: string;
  /** Where in the operation: `response 200`, `request body`, `query parameter cursor`. */
  where: string;
  /** What the CHANGELOG entry names in backticks to declare it (besides, optionally, the operation). */
  names: string[];
}

type Diff = { action: string; path: (string | number)[]; before?: unknown; after?: unknown; type: string; description?: string };

/** `data[].title` from a schema path (`properties/data/items/properties/title`). */
function fieldPath(segments: (string | number)[]): string {
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s === 'properties' && i + 1 < segments.length) out += `${out ? '.' : ''}${String(segments[++i])}`;
    else if (s === 'items') out += '[]';
    else if (s === 'additionalProperties') out += '{}';
    else break;
  }
  return out || '(body)';
}

function operationName(url: string, method: string): string {
  if (url === ERRORS) return 'error answers';
  return url.startsWith('/webhooks/') ? `webhook ${url.slice('/webhooks/'.length)}` : `${method.toUpperCase()} ${url}`;
}

/** The tool's breaking changes that the policy names, and the rest (notes). */
export function classify(diffs: Diff[], before: JsonObject, after: JsonObject): { breaking: BreakingChange[]; notes: Diff[] } {
  const breaking: BreakingChange[] = [];
  const notes: Diff[] = [];
  for (const diff of diffs) {
    // The policy's kinds are looked for in every change (the tool calls a removed request field
    // non-breaking, say); the tool's other breaking changes become notes.
    const change = policyChange(diff, before, after);
    if (!change) {
      if (diff.type === 'breaking') notes.push(diff);
    } else if (!breaking.some((b) => JSON.stringify(b) === JSON.stringify(change))) breaking.push(change);
  }
  return { breaking, notes };
}

/** The node of a view at a diff's path (up to `length` segments). */
function nodeAt(view: JsonObject, segments: (string | number)[]): Json | undefined {
  let node: Json | undefined = view;
  for (const s of segments) {
    if (Array.isArray(node)) node = node[Number(s)];
    else if (isObject(node)) node = node[String(s)];
    else return undefined;
  }
  return node;
}

/** The JSON types a schema admits; undefined: any. */
function typesOf(schema: Json | undefined): Set<string> | undefined {
  if (!isObject(schema) || schema.type === undefined) return undefined;
  return new Set([schema.type].flat().map(String));
}

const admits = (types: Set<string>, type: string) => types.has(type) || (type === 'integer' && types.has('number'));

/**
 * A type change that breaks a client: a request type no longer accepted, a response type the client
 * did not expect. A field the released document left untyped that gets a type is a correction of
 * the document (a note for the reviewer), not a change the check can judge.
 */
function typeBreaks(diff: Diff, before: JsonObject, after: JsonObject, mode: Mode): boolean {
  const at = diff.path.slice(0, diff.path[diff.path.length - 1] === 'type' ? -1 : -2);
  const was = typesOf(nodeAt(before, at));
  const is = typesOf(nodeAt(after, at));
  if (mode === 'request') return was !== undefined && (is === undefined ? false : [...was].some((t) => !admits(is, t)));
  return was !== undefined && is !== undefined && [...is].some((t) => !admits(was, t));
}

function policyChange(diff: Diff, before: JsonObject, after: JsonObject): BreakingChange | undefined {
  const [root, url, method, part, ...rest] = diff.path.map(String);
  if (root !== 'paths' || url === undefined) return undefined;
  const op = operationName(url, method ?? 'any');
  if (method === undefined) return { kind: 'removed path', operation: url, where: '', names: [url] };
  if (part === undefined) {
    if (diff.action !== 'remove') return undefined;
    const kind = url.startsWith('/webhooks/') ? 'removed webhook event' : 'removed operation';
    return { kind, operation: op, where: '', names: [op] };
  }
  const last = rest[rest.length - 1];
  if (part === 'responses') {
    const [status, contentKey, media, schemaKey, ...schemaPath] = rest;
    const where = url.startsWith('/webhooks/') ? 'payload' : url === ERRORS ? 'any error body' : `response ${status}`;
    if (rest.length === 1 && diff.action === 'remove') return { kind: 'removed response', operation: op, where, names: [op] };
    if (contentKey !== 'content' || schemaKey !== 'schema' || media === undefined) return undefined;
    return schemaChange(diff, op, where, schemaPath, 'response', before, after);
  }
  if (part === 'requestBody') {
    if (rest.length === 0 && diff.action === 'add' && isObject(diff.after) && diff.after.required === true) return { kind: 'new required request body', operation: op, where: 'request body', names: ['(body)'] };
    if (rest.length === 1 && last === 'required' && diff.after === true) return { kind: 'request body made required', operation: op, where: 'request body', names: ['(body)'] };
    const [contentKey, media, schemaKey, ...schemaPath] = rest;
    if (contentKey !== 'content' || schemaKey !== 'schema' || media === undefined) return undefined;
    return schemaChange(diff, op, 'request body', schemaPath, 'request', before, after);
  }
  if (part === 'parameters') {
    const index = Number(rest[0]);
    const doc = diff.action === 'remove' ? before : after;
    const parameter = (((doc.paths as JsonObject)[url] as JsonObject)[method] as JsonObject).parameters as JsonObject[] | undefined;
    const p = parameter?.[index];
    const name = typeof p?.name === 'string' ? p.name : '?';
    const label = `${typeof p?.in === 'string' ? p.in : ''} parameter ${name}`;
    if (rest.length === 1 && diff.action === 'add' && p?.required === true) return { kind: 'new required parameter', operation: op, where: label, names: [name] };
    if (rest.length === 2 && last === 'required' && diff.after === true) return { kind: 'parameter made required', operation: op, where: label, names: [name] };
    if (rest.length === 1 && diff.action === 'remove') return { kind: 'removed parameter', operation: op, where: label, names: [name] };
    if (rest[1] === 'schema') return schemaChange(diff, op, label, rest.slice(2), 'request', before, after, name);
  }
  return undefined;
}

function schemaChange(
  diff: Diff,
  op: string,
  where: string,
  schemaPath: string[],
  mode: Mode,
  before: JsonObject,
  after: JsonObject,
  parameter?: string,
): BreakingChange | undefined {
  const last = schemaPath[schemaPath.length - 1];
  const parent = schemaPath[schemaPath.length - 2];
  const field = (segments: string[]) => (parameter ? (segments.length ? `${parameter}.${fieldPath(segments)}` : parameter) : fieldPath(segments));
  if (parent === 'properties' && diff.action === 'remove') {
    // A request field dropped from an open object is still accepted (and ignored): a note.
    const closed = mode === 'response' || nodeAt(after, [...diff.path.slice(0, -2), 'additionalProperties']) === false;
    if (closed) return { kind: mode === 'response' ? 'removed response field' : 'removed request field', operation: op, where, names: [field(schemaPath)] };
  }
  if (parent === 'enum' && diff.action === 'remove') {
    return { kind: 'removed enum value', operation: op, where, names: [field(schemaPath.slice(0, -2)), String(diff.before)] };
  }
  if (last === 'enum' && diff.action === 'remove') {
    return { kind: 'removed enum values', operation: op, where, names: [field(schemaPath.slice(0, -1))] };
  }
  if (parent === 'required' && diff.action === 'add' && mode === 'request') {
    const container = field(schemaPath.slice(0, -2));
    const name = String(diff.after);
    return { kind: 'new required request field', operation: op, where, names: [container === '(body)' ? name : `${container}.${name}`] };
  }
  if ((last === 'type' || parent === 'type') && typeBreaks(diff, before, after, mode)) {
    return { kind: 'changed type', operation: op, where, names: [field(schemaPath.slice(0, last === 'type' ? -1 : -2))] };
  }
  return undefined;
}

/** Two documents compared: what api-smart-diff found, and the policy's breaking changes among them. */
export function compare(base: JsonObject, current: JsonObject): { before: JsonObject; after: JsonObject; diffs: Diff[]; breaking: BreakingChange[]; notes: Diff[] } {
  const before = clientView(base);
  const after = clientView(current);
  withoutUnchanged(before, after);
  const diffs = apiDiff(before, after) as Diff[];
  return { before, after, diffs, ...classify(diffs, before, after) };
}

// ---------------------------------------------------------------------------------------------
// Declarations in the CHANGELOG

export interface Declaration {
  /** The bullet's text, for messages. */
  text: string;
  /** Its backticked terms, operations without /api/v1. */
  terms: Set<string>;
  operations: Set<string>;
}

const OPERATION = /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) (\/\S*)$/;
const normalOperation = (term: string) => {
  const m = OPERATION.exec(term);
  if (!m) return term.startsWith('webhook ') ? term : undefined;
  const url = m[2] as string;
  return `${m[1]} ${url.startsWith(API_PREFIX + '/') ? url.slice(API_PREFIX.length) : url}`;
};

/** The bullets of `## [Unreleased]` → `### Breaking` and `### Removed`. */
export function declarations(changelog: string): Declaration[] {
  const lines = changelog.split('\n');
  const out: Declaration[] = [];
  let inUnreleased = false;
  let inSection = false;
  let bullet: string[] | undefined;
  const flush = () => {
    if (!bullet) return;
    const text = bullet.join(' ').replace(/\s+/g, ' ').trim();
    const terms = new Set<string>();
    const operations = new Set<string>();
    for (const m of text.matchAll(/`([^`]+)`/g)) {
      const term = (m[1] as string).trim();
      const op = normalOperation(term);
      if (op) operations.add(op);
      else terms.add(term);
    }
    out.push({ text, terms, operations });
    bullet = undefined;
  };
  for (const line of lines) {
    if (line.startsWith('## ')) {
      flush();
      inUnreleased = /^## \[Unreleased\]/i.test(line);
      inSection = false;
      continue;
    }
    if (!inUnreleased) continue;
    if (line.startsWith('### ')) {
      flush();
      inSection = /^### (Breaking|Removed)\b/i.test(line);
      continue;
    }
    if (!inSection) continue;
    if (/^[-*] /.test(line)) {
      flush();
      bullet = [line.slice(2)];
    } else if (bullet && /^\s+\S/.test(line)) {
      bullet.push(line.trim());
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return out;
}

/** The bullet that declares a change: it names each of the change's names, and its operation if it names any. */
export function declaredBy(change: BreakingChange, bullets: Declaration[]): Declaration | undefined {
  const op = normalOperation(change.operation) ?? change.operation;
  return bullets.find((b) => {
    const opNamed = b.operations.has(op);
    const names = change.names.filter((n) => n !== change.operation);
    if (names.length === 0) return opNamed;
    return names.every((n) => b.terms.has(n) || b.terms.has(n.replace(/\[\]/g, ''))) && (b.operations.size === 0 || opNamed);
  });
}

// ---------------------------------------------------------------------------------------------

function parseArgs(argv: string[]): { base?: string; current: string; changelog: string; verbose: boolean } {
  const out = { base: undefined as string | undefined, current: 'docs/openapi.json', changelog: 'CHANGELOG.md', verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--base') out.base = value();
    else if (arg === '--current') out.current = value();
    else if (arg === '--changelog') out.changelog = value();
    else if (arg === '--verbose') out.verbose = true;
    else throw new Error(`unknown argument ${arg} (takes --base FILE, --current FILE, --changelog FILE, --verbose)`);
  }
  return out;
}

/** The released document: the one file of docs/openapi/released/ (the highest version if several). */
function releasedDocument(dir: string): string {
  const files = fs.readdirSync(dir).filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f));
  const version = (f: string) => f.replace(/\.json$/, '').split('.').map(Number);
  files.sort((a, b) => {
    const [x, y] = [version(a), version(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return 0;
  });
  const last = files.pop();
  if (!last) throw new Error(`no released document (<version>.json) in ${dir}`);
  return path.join(dir, last);
}

function group(changes: BreakingChange[]): Map<string, BreakingChange[]> {
  const groups = new Map<string, BreakingChange[]>();
  for (const change of changes) {
    const key = `${change.kind}: ${change.names.map((n) => `\`${n}\``).join(' ')}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return groups;
}

export function main(argv: string[]): number {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error(`check:compat: ${(err as Error).message}`);
    return 2;
  }
  const started = performance.now();
  const basePath = args.base ?? releasedDocument('docs/openapi/released');
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as JsonObject;
  const base = read(basePath);
  const current = read(args.current);
  const version = (doc: JsonObject) => (isObject(doc.info) && typeof doc.info.version === 'string' ? doc.info.version : '?');
  console.log(`check:compat: ${args.current} (${version(current)}) against the released ${basePath} (${version(base)}); declarations from ${args.changelog}`);
  const { before, after, diffs, breaking, notes } = compare(base, current);
  const bullets = declarations(fs.readFileSync(args.changelog, 'utf8'));
  const operations = (view: JsonObject) => Object.values(view.paths as JsonObject).reduce((n: number, ops) => n + Object.keys(ops as JsonObject).length, 0);
  console.log(
    `compared ${operations(before)} → ${operations(after)} operations and webhook events (api-smart-diff: ${diffs.length} changes, ` +
      `${diffs.filter((d) => d.type === 'breaking').length} it calls breaking; ${breaking.length} breaking under docs/versioning.md)`,
  );
  let undeclared = 0;
  for (const [key, changes] of group(breaking)) {
    const declaredIn = changes.map((c) => declaredBy(c, bullets));
    const open = changes.filter((_, i) => !declaredIn[i]);
    undeclared += open.length;
    const where = (list: BreakingChange[]) => list.map((c) => `${c.operation}${c.where ? ` (${c.where})` : ''}`);
    if (open.length === 0) {
      console.log(`  declared   ${key} in ${changes.length} place(s), by "${(declaredIn[0] as Declaration).text.slice(0, 100)}"`);
      continue;
    }
    console.log(`  BREAKING   ${key}`);
    for (const line of where(open).slice(0, 10)) console.log(`               ${line}`);
    if (open.length > 10) console.log(`               … and ${open.length - 10} more`);
  }
  if (notes.length > 0) {
    console.log(`  notes: ${notes.length} other change(s) the tool calls breaking that the policy allows (constraints, nullability, added response enum values…); --verbose lists them`);
    if (args.verbose) for (const n of notes) console.log(`    ${n.action} ${n.path.join('/')}: ${n.description ?? ''}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (undeclared > 0) {
    console.log(
      `check:compat: FAILED: ${undeclared} breaking change(s) not declared (${seconds} s). Undo them, or declare them under ## [Unreleased] → ### Breaking ` +
        'in CHANGELOG.md, naming each in backticks (docs/versioning.md).',
    );
    return 1;
  }
  console.log(`check:compat: OK: no undeclared breaking change (${seconds} s)`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) process.exitCode = main(process.argv.slice(2));
