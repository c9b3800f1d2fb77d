import fc from 'fast-check';
import type { IdPrefix } from '../../src/shared/ids.js';
import { newId } from '../../src/shared/ids.js';
import type { TestApp } from '../harness.js';
import { ResponseChecker } from '../openapi-check.js';
import { buildFixture, type Fixture, kindPrefix, unlimited } from './fixture.js';
import { apiOperations, type Operation, type Parameter, type Schema } from './operations.js';

/**
 * Contract fuzzing from the OpenAPI document (npm test runs it with a fixed seed; `npm run fuzz`
 * runs it longer). For every operation, requests are generated from the operation's own schemas:
 *
 * - valid: parameters and bodies the schemas accept (random unicode, boundary lengths and values,
 *   `__proto__`/`constructor` metadata keys, the fixture's real ids or well-formed random ones);
 * - invalid: a valid request with exactly one thing broken (a wrong type, a length or number just
 *   past its bound, a 100,000-character string, a NUL or C0 control character, 1,000 levels of
 *   nesting, an unknown or `__proto__` field, a missing required field, malformed JSON, a wrong
 *   content type; in the path an over-long, control-character, malformed-percent or unicode id;
 *   in the query wrong types, bounds, control characters);
 * - wild: things whose answer the contract leaves open (malformed percent-encoding in the query,
 *   repeated or unknown query parameters, deep nesting where any JSON is accepted).
 *
 * Every answer: no 5xx; a non-2xx has the envelope {error: {code, message, request_id}} and an
 * X-Request-Id equal to error.request_id; every answer's status is documented for its operation and
 * a JSON body matches its schema (test/openapi-check.ts). An invalid request never answers 2xx;
 * where the contract names the status (400, 404 for a path id, 415), it is that one.
 */

export type CaseClass = 'valid' | 'invalid' | 'wild';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzCase {
  class: CaseClass;
  /** What was broken ('none' for a valid case), e.g. `body:too-long /title`. */
  mutation: string;
  /** Statuses the contract names for this broken request (any 4xx when absent). */
  expect?: number[];
  /** A bulk record broken on its own: a 207 must report that record as an error. */
  record?: number;
  request: FuzzRequest;
}

export interface FuzzFailure {
  /** The run's seed (--seed); `seed` is the operation's, derived from it. */
  runSeed: number;
  seed: number;
  operationId: string;
  index: number;
  fuzzCase: FuzzCase;
  status: number;
  problem: string;
  response: string;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  byClass: Record<CaseClass, number>;
  /** Valid requests the service carried out (2xx): how deep the valid ones reached. */
  validAccepted: number;
  failures: FuzzFailure[];
  ms: number;
  /** Milliseconds spent per kind of case (`valid`, `body:too-long`, …), to see what a run costs. */
  msByKind: Map<string, number>;
}

export interface FuzzOptions {
  seed: number;
  /** Requests in all, spread evenly over the operations. */
  runs: number;
  /** Only these operationIds (all when absent). */
  only?: string[];
  /** Called for each case before it is sent (the runner prints progress). */
  onCase?: (operationId: string, index: number) => void;
}

/** The world a case is generated in: the fixture's ids by prefix. */
interface World {
  byPrefix: Map<string, string[]>;
}

/** Characters no string of a request may hold (docs/api.md "Text"): C0 controls but tab, LF, CR; and DEL. */
const CONTROL = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => c !== 9 && c !== 10 && c !== 13), 0x7f];
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const TEXT_CAP = 40;
const HUGE = 100_000;

/** A stable per-operation seed, so adding an operation leaves the others' cases alone. */
export function operationSeed(seed: number, operationId: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < operationId.length; i++) h = (Math.imul(h ^ operationId.charCodeAt(i), 16777619) + 0x9e3779b9) >>> 0;
  return h | 0;
}

// ---------------------------------------------------------------------------------------------
// Valid values from a schema

/** A string the schema accepts: no control characters, at least `min` code points, at most `max` UTF-16 units (so code points too). */
function fit(raw: string, min: number, max: number): string {
  let out = trimTo(raw.replace(CONTROL_RE, ' '), max);
  if ([...out].length < min) out = trimTo('a'.repeat(min) + out, max);
  return out;
}

function trimTo(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = '';
  for (const cp of s) {
    if (out.length + cp.length > max) break;
    out += cp;
  }
  return out;
}

function idPrefixOf(schema: Schema): string | undefined {
  return typeof schema.pattern === 'string' ? /^\^([a-z]{3})_/.exec(schema.pattern)?.[1] : undefined;
}

/** The prefix an id-named field or parameter takes: `student_id` → stu, or the description's "(crs_…)". */
function prefixForName(name: string | undefined, schema: Schema): string | undefined {
  const fromPattern = idPrefixOf(schema);
  if (fromPattern) return fromPattern;
  const fromDescription = typeof schema.description === 'string' ? /\(([a-z]{3})_…\)/.exec(schema.description)?.[1] : undefined;
  if (fromDescription) return fromDescription;
  if (!name?.endsWith('_id') || name === 'external_id') return undefined;
  const kind = name.slice(0, -3).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return (kindPrefix as Record<string, string>)[kind];
}

function idArb(prefix: string, world: World): fc.Arbitrary<string> {
  const known = world.byPrefix.get(prefix) ?? [];
  const random = fc.constant(null).map(() => newId(prefix as IdPrefix));
  return known.length > 0 ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: random }) : random;
}

function textArb(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? (schema.pattern === '\\S' ? 1 : 0);
  const max = schema.maxLength ?? 1000;
  const cap = Math.max(min, Math.min(max, TEXT_CAP));
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: cap }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: cap }) },
    { weight: 3, arbitrary: fc.string({ maxLength: cap }) },
    { weight: 1, arbitrary: fc.constant('a'.repeat(Math.max(min, 1))) },
  ];
  // The bounds themselves: exactly max (a 100,000-character string where that fits), exactly min.
  if (max <= 200_000) options.push({ weight: 1, arbitrary: fc.constant('m'.repeat(max)) });
  if (max >= HUGE) options.push({ weight: 1, arbitrary: fc.constant('h'.repeat(HUGE)) });
  return fc.oneof(...options).map((s) => {
    const text = fit(s, min, max);
    return schema.pattern === '\\S' && !/\S/.test(text) ? trimTo(`a${text}`, max) : text;
  });
}

function formatArb(format: string): fc.Arbitrary<string> | undefined {
  const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
  switch (format) {
    case 'date-time':
      return date.map((d) => d.toISOString());
    case 'date':
      return date.map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.constantFrom('http://127.0.0.1:9/fuzz', 'https://example.com/video.mp4', 'http://localhost:9/hook?x=1');
    case 'email':
      return fc.oneof(
        fc.emailAddress(),
        fc.nat().map((n) => `fuzz-${n}@example.com`),
      );
    default:
      return undefined;
  }
}

function typesOf(schema: Schema): string[] {
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v)))];
  if (schema.const !== undefined) return [typeof schema.const];
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.flatMap(typesOf))];
  if (schema.properties) return ['object'];
  return []; // any JSON
}

/** A value the schema accepts (the service may still refuse it for its own reasons). */
export function validArb(schema: Schema | undefined, world: World, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validArb(b, world, name, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, world, name, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 0) + 1_000_000);
      const integer = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      return types[0] === 'integer' ? integer : fc.oneof(integer, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'string': {
      const prefix = prefixForName(name, schema);
      if (prefix) return idArb(prefix, world);
      const formatted = schema.format ? formatArb(schema.format) : undefined;
      return formatted ?? textArb(schema);
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, depth > 3 ? min + 1 : 4);
      const item = validArb(schema.items ?? {}, world, name, depth + 1);
      const list = schema.uniqueItems
        ? fc.uniqueArray(item, { minLength: min, maxLength: Math.max(min, max), selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength: min, maxLength: Math.max(min, max) });
      return list;
    }
    case 'object':
      return objectArb(schema, world, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const trickyKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$ref', ''];

function objectArb(schema: Schema, world: World, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, property]) => {
    const value = validArb(property, world, key, depth + 1);
    return required.has(key) ? value.map((v) => [[key, v]] as [string, unknown][]) : fc.option(value, { nil: undefined, freq: 2 }).map((v) => (v === undefined ? [] : [[key, v]]) as [string, unknown][]);
  });
  const fixed = entries.length > 0 ? fc.tuple(...entries).map((parts) => parts.flat()) : fc.constant([] as [string, unknown][]);
  const extra = schema.additionalProperties;
  if (!extra || extra === true || Object.keys(properties).length > 0) return fixed.map((pairs) => Object.fromEntries(pairs));
  // A map (metadata): string keys within propertyNames, including keys that are special in JavaScript.
  const keyMin = schema.propertyNames?.minLength ?? 0;
  const keyMax = schema.propertyNames?.maxLength ?? 40;
  const key = fc.oneof(
    { weight: 3, arbitrary: textArb({ minLength: keyMin, maxLength: keyMax }) },
    { weight: 1, arbitrary: fc.constantFrom(...trickyKeys.filter((k) => k.length >= keyMin && k.length <= keyMax)) },
  );
  const maxKeys = Math.min(schema.maxProperties ?? 5, 5);
  const value = validArb(extra, world, undefined, depth + 1);
  const many = schema.maxProperties !== undefined && schema.maxProperties <= 100
    ? fc.constant(null).map(() => Array.from({ length: schema.maxProperties! }, (_, i) => [`k${i}`, 'v'] as [string, unknown]))
    : fc.constant([] as [string, unknown][]);
  return fc
    .oneof({ weight: 6, arbitrary: fc.uniqueArray(fc.tuple(key, value), { maxLength: maxKeys, selector: ([k]) => k }) }, { weight: 1, arbitrary: many })
    .map((pairs) => Object.fromEntries(pairs));
}

// ---------------------------------------------------------------------------------------------
// One broken thing in a valid body

interface Site {
  /** JSON pointer of the node. */
  pointer: string;
  schema: Schema;
  /** Replaces the node in the value (or adds/removes a key of an object node). */
  parent: Record<string, unknown> | unknown[] | undefined;
  key: string | number | undefined;
}

/** Every node of a valid value with the schema that describes it (not under anyOf/unknown). */
function sites(value: unknown, schema: Schema, pointer = '', parent?: Site['parent'], key?: Site['key'], out: Site[] = []): Site[] {
  out.push({ pointer, schema, parent, key });
  if (schema.anyOf || schema.oneOf) return out;
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => sites(item, schema.items!, `${pointer}/${i}`, value, i, out));
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const child = schema.properties?.[k] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (child) sites(v, child, `${pointer}/${k}`, value as Record<string, unknown>, k, out);
    }
  }
  return out;
}

/** A value the schema certainly refuses for its type, or undefined when it takes any type. */
function wrongType(schema: Schema): unknown {
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  const has = (t: string) => types.includes(t) || (t === 'integer' && types.includes('number'));
  if (schema.enum && !types.includes('object')) return { not: 'in the enum' };
  if (!has('string')) return '12';
  if (!has('integer') && !has('number')) return 12;
  if (!has('boolean')) return true;
  if (!has('object')) return { a: 1 };
  if (!has('array')) return [1];
  if (!has('null')) return null;
  return undefined;
}

function deep(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** `apply` answers the mutated value, or SKIP where the mutation does not apply to the site. */
type Mutation = { name: string; apply: (site: Site) => unknown; klass?: CaseClass };
const SKIP = Symbol('skip');

const stringLike = (s: Schema) => typesOf(s).length === 1 && typesOf(s)[0] === 'string' && !s.enum;
const numberLike = (s: Schema) => typesOf(s).every((t) => t === 'integer' || t === 'number') && typesOf(s).length > 0 && !s.enum;

const controlChar = fc.constantFrom(...CONTROL).map((c) => String.fromCharCode(c));

const leafMutations = (control: string, position: number): Mutation[] => [
  { name: 'wrong-type', apply: (s) => wrongType(s.schema) ?? SKIP },
  { name: 'too-long', apply: (s) => (stringLike(s.schema) && s.schema.maxLength !== undefined ? 'x'.repeat(s.schema.maxLength + 1) : SKIP) },
  { name: 'huge-string', apply: (s) => (stringLike(s.schema) && (s.schema.maxLength ?? Infinity) < HUGE ? 'y'.repeat(HUGE) : SKIP) },
  { name: 'too-short', apply: (s) => (stringLike(s.schema) && (s.schema.minLength ?? 0) > 0 ? 'z'.repeat(s.schema.minLength! - 1) : SKIP) },
  { name: 'blank', apply: (s) => (stringLike(s.schema) && s.schema.pattern === '\\S' ? ' \t ' : SKIP) },
  {
    name: 'control-char',
    apply: (s) => {
      if (!stringLike(s.schema) || s.parent === undefined || s.key === undefined) return SKIP;
      const current = (s.parent as Record<string | number, unknown>)[s.key];
      const text = typeof current === 'string' && current.length > 0 ? current : 'ok';
      const at = position % (text.length + 1);
      const withControl = text.slice(0, at) + control + text.slice(at);
      return s.schema.maxLength !== undefined && withControl.length > s.schema.maxLength ? control + text.slice(0, s.schema.maxLength - 1) : withControl;
    },
  },
  { name: 'below-minimum', apply: (s) => (numberLike(s.schema) && s.schema.minimum !== undefined ? s.schema.minimum - 1 : SKIP) },
  { name: 'above-maximum', apply: (s) => (numberLike(s.schema) && s.schema.maximum !== undefined ? s.schema.maximum + 1 : SKIP) },
  { name: 'fraction', apply: (s) => (typesOf(s.schema).join() === 'integer' && !s.schema.enum ? (s.schema.minimum ?? 0) + 0.5 : SKIP) },
  { name: 'not-in-enum', apply: (s) => (s.schema.enum && s.schema.enum.every((v) => typeof v === 'string') ? 'not-a-member' : SKIP) },
  { name: 'deep-nesting', apply: (s) => (typesOf(s.schema).length > 0 && !typesOf(s.schema).includes('object') && !typesOf(s.schema).includes('array') ? deep(1000, 'object') : SKIP) },
];

/** Keys a body object must refuse when it takes no others: `__proto__` and friends, read-only fields, an unknown name. */
const unknownKeys = ['__proto__', 'constructor', 'prototype', 'id', 'created_at', 'updated_at', 'enrollment_count', 'zz_unknown_field'];

function objectMutations(keyIndex: number, control: string): Mutation[] {
  return [
    {
      // Object keys are text too (metadata keys).
      name: 'control-key',
      apply: (s) => (typeof s.schema.additionalProperties === 'object' && !s.schema.properties ? { [ADD]: `key${control}` } : SKIP),
    },
    {
      name: 'unknown-field',
      apply: (s) => {
        if (s.schema.additionalProperties !== false || !s.schema.properties) return SKIP;
        const candidates = unknownKeys.filter((k) => !(k in s.schema.properties!));
        return { [ADD]: candidates[keyIndex % candidates.length] };
      },
    },
    {
      name: 'missing-required',
      apply: (s) => ((s.schema.required ?? []).length > 0 ? { [REMOVE]: s.schema.required![keyIndex % s.schema.required!.length] } : SKIP),
    },
  ];
}
const ADD = Symbol('add');
const REMOVE = Symbol('remove');

/** Applies one mutation at one site of a copy of `value`; undefined when it does not apply there. */
function mutateBody(value: unknown, schema: Schema, mutation: Mutation, siteIndex: number): { body: unknown; pointer: string } | undefined {
  const copy = structuredClone(value);
  const all = sites(copy, schema);
  for (let i = 0; i < all.length; i++) {
    const site = all[(siteIndex + i) % all.length]!;
    const result = mutation.apply(site);
    if (result === SKIP) continue;
    if (result && typeof result === 'object' && (ADD in result || REMOVE in result)) {
      const target = (site.parent === undefined ? copy : (site.parent as Record<string | number, unknown>)[site.key!]) as Record<string, unknown>;
      if (!target || typeof target !== 'object' || Array.isArray(target)) continue;
      if (ADD in result) {
        const key = (result as Record<symbol, string>)[ADD]!;
        Object.defineProperty(target, key, { value: 'injected', enumerable: true, configurable: true, writable: true });
        return { body: copy, pointer: `${site.pointer}/${key}` };
      }
      delete target[(result as Record<symbol, string>)[REMOVE]!];
      return { body: copy, pointer: `${site.pointer}/${(result as Record<symbol, string>)[REMOVE]}` };
    }
    if (site.parent === undefined) return { body: result, pointer: '' };
    (site.parent as Record<string | number, unknown>)[site.key!] = result;
    return { body: copy, pointer: site.pointer };
  }
  return undefined;
}

/**
 * What a broken body answers. In a bulk request a record broken on its own fails alone (207, the
 * record an error); text with a control character, and what the JSON parser refuses (`__proto__`),
 * refuse the whole request (docs/api.md "Bulk").
 */
function recordExpectation(operation: Operation, mutation: string, pointer: string): Pick<FuzzCase, 'expect' | 'record'> {
  const inRecord = /^\/records\/(\d+)(\/.*)?$/.exec(pointer);
  if (!operation.path.endsWith('/bulk') || !inRecord) return { expect: [400] };
  if (mutation === 'control-char' || mutation === 'control-key' || pointer.endsWith('/__proto__')) return { expect: [400] };
  return { expect: [207], record: Number(inRecord[1]) };
}

// ---------------------------------------------------------------------------------------------
// Requests

function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function encodeQuery(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The path with its one parameter (`{id}`, or an upsert's `{external_id}`) filled in. */
function pathUrl(operation: Operation, id: string | undefined, encoded = false): string {
  return operation.path.replace(/\{\w+\}/, id === undefined ? '' : encoded ? id : encodeURIComponent(id));
}

interface Base {
  id?: string;
  query: [string, string][];
  headers: Record<string, string>;
  body: unknown;
  hasBody: boolean;
}

function baseArb(operation: Operation, world: World, bodySchema: Schema | undefined): fc.Arbitrary<Base> {
  const pathParam = operation.parameters.find((p) => p.in === 'path');
  const id = pathParam ? (validArb(pathParam.schema, world, pathParam.name) as fc.Arbitrary<string>).map(notDotSegment) : fc.constant(undefined);
  const queryParams = operation.parameters.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const query = fc.tuple(
    ...queryParams.map((p) => {
      const value = validArb(p.schema, world, p.name).map((v) => [[p.name, queryValue(v)]] as [string, string][]);
      return p.required ? value : fc.option(value, { nil: undefined, freq: 3 }).map((v) => v ?? []);
    }),
  ).map((parts) => parts.flat());
  const ifMatch = operation.parameters.some((p) => p.in === 'header' && p.name === 'if-match');
  const headers = fc.record({
    ifMatch: ifMatch ? fc.option(fc.constantFrom('*', '"abc"', 'W/"x"', '"', ''), { freq: 3, nil: undefined }) : fc.constant(undefined),
    idempotency: operation.method === 'POST' ? fc.option(fc.constantFrom('fuzz-1', 'fuzz-2', 'k'.repeat(255)), { freq: 5, nil: undefined }) : fc.constant(undefined),
  }).map(({ ifMatch: m, idempotency }) => ({ ...(m !== undefined ? { 'if-match': m } : {}), ...(idempotency !== undefined ? { 'idempotency-key': idempotency } : {}) }));
  const body = bodySchema ? validArb(bodySchema, world) : fc.constant(undefined);
  return fc.record({ id, query, headers, body }).map((b) => ({ ...b, hasBody: bodySchema !== undefined }));
}

/**
 * The request of a case. Only a valid case keeps its Idempotency-Key: a broken request with a key
 * that an earlier case used would have two things wrong with it.
 */
function request(
  operation: Operation,
  key: string,
  base: Base,
  overrides: Partial<{ path: string; query: string; payload: string | null; contentType: string }> = {},
  valid = false,
): FuzzRequest {
  const query = overrides.query ?? encodeQuery(base.query);
  const path = overrides.path ?? pathUrl(operation, base.id);
  const { 'idempotency-key': idempotencyKey, ...rest } = base.headers;
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...rest, ...(valid && idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
  let payload: string | undefined;
  if (overrides.payload !== undefined) payload = overrides.payload ?? undefined;
  else if (base.hasBody) payload = JSON.stringify(base.body);
  if (payload !== undefined) headers['content-type'] = overrides.contentType ?? 'application/json';
  return { method: operation.method, url: query ? `${path}?${query}` : path, headers, ...(payload !== undefined ? { payload } : {}) };
}

/** Unicode text that is never a real id (no control characters), to put in a path. */
const unicodeId = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((s) => notDotSegment(fit(s, 1, 64)));

/** `.` and `..` are dot segments, which URL parsing removes: the request would go to another route. */
function notDotSegment(id: string): string {
  return id === '.' || id === '..' ? `${id}x` : id;
}
const overlongId = fc.constantFrom(65, 100, 101, 500, 3000).map((n) => `crs_${'0'.repeat(n - 4)}`);
const malformedPercent = fc.constantFrom('%ff', '%', '%zz', '%c3%28', '%e2%82', 'crs_%FF%FE', '%%', '%u0041');

/** Every case an operation can produce: valid requests, one-thing-broken requests, wild ones. */
export function caseArb(operation: Operation, world: World, key: string, bodySchema: Schema | undefined): fc.Arbitrary<FuzzCase> {
  const base = baseArb(operation, world, bodySchema);
  const hasPath = operation.parameters.some((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const options: fc.WeightedArbitrary<FuzzCase>[] = [];
  const valid = base.map((b): FuzzCase => ({ class: 'valid', mutation: 'none', request: request(operation, key, b, {}, true) }));
  options.push({ weight: 8, arbitrary: valid });

  if (hasPath) {
    const invalidPath = (name: string, idArbitrary: fc.Arbitrary<string>, encoded: boolean, expect?: number[]) =>
      fc.tuple(base, idArbitrary).map(([b, id]): FuzzCase => ({ class: 'invalid', mutation: `path:${name}`, ...(expect ? { expect } : {}), request: request(operation, key, b, { path: pathUrl(operation, id, encoded) }) }));
    // A client's own id in the path (an upsert's `{external_id}`) is any text up to its maxLength: only longer text is broken.
    const pathParam = operation.parameters.find((p) => p.in === 'path')!;
    const clientsOwn = pathParam.name !== 'id';
    const longest = pathParam.schema.maxLength ?? 64;
    const overlong = clientsOwn ? fc.constantFrom(1, 2, 100, 3000).map((n) => 'x'.repeat(longest + n)) : overlongId;
    options.push({ weight: 1, arbitrary: invalidPath('overlong-id', overlong, false, [404]) });
    options.push({
      weight: 1,
      arbitrary: invalidPath('control-char', fc.tuple(idArb('crs', world), controlChar).map(([id, c]) => `${id.slice(0, 10)}${encodeURIComponent(c)}${id.slice(10)}`), true, [404]),
    });
    // Well-formed text that names nothing: refused (a 404, or a 400 when the rest of the request is refused first).
    if (!clientsOwn) options.push({ weight: 1, arbitrary: invalidPath('unicode-id', unicodeId, false) });
    options.push({ weight: 1, arbitrary: invalidPath('malformed-percent', malformedPercent, true, [404]) });
    options.push({ weight: 1, arbitrary: invalidPath('empty-id', fc.constant(''), true, [404]) });
  }

  const ifMatch = operation.parameters.some((p) => p.in === 'header' && p.name === 'if-match');
  if (ifMatch || operation.method === 'POST') {
    const header = ifMatch ? 'if-match' : 'idempotency-key';
    options.push({
      weight: 1,
      arbitrary: fc.tuple(base, controlChar, fc.boolean()).map(([b, control, tooLong]): FuzzCase => {
        const r = request(operation, key, b);
        // Idempotency keys are 1..255 characters; every header value is text.
        const value = header === 'idempotency-key' && tooLong ? 'i'.repeat(256) : `"a${control}b"`;
        return { class: 'invalid', mutation: `header:${header} ${value.length > 255 ? 'too-long' : 'control-char'}`, expect: [400], request: { ...r, headers: { ...r.headers, [header]: value } } };
      }),
    });
  }

  if (queryParams.length === 0) {
    // Query text on an operation that takes none: left open, but never a 5xx or a bare answer.
    options.push({
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom('zz=1', 'zz=%ff', '%=%', 'a=%00', '&&=&', 'x'.repeat(5000))).map(
        ([b, query]): FuzzCase => ({ class: 'wild', mutation: 'query:on-operation-without-query', request: request(operation, key, b, { query }) }),
      ),
    });
  } else {
    const mutable = queryParams.filter((p) => p.name !== 'cursor');
    // A mutation applies to the parameters it can break; one that applies to none adds no case.
    const queryCase = (name: string, make: (p: Parameter, control: string) => string | undefined, klass: CaseClass = 'invalid', expect: number[] | undefined = [400]) => {
      const targets = mutable.filter((p) => make(p, '\u0000') !== undefined);
      if (targets.length === 0) return undefined;
      return fc.tuple(base, fc.constantFrom(...targets), controlChar).map(([b, p, control]): FuzzCase => {
        const rest = b.query.filter(([n]) => n !== p.name);
        const query = [encodeQuery(rest), make(p, control)].filter(Boolean).join('&');
        return { class: klass, mutation: `query:${name} ${p.name}`, ...(expect ? { expect } : {}), request: request(operation, key, b, { query }) };
      });
    };
    const pair = (p: Parameter, v: string) => `${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`;
    const cases = [
      queryCase('wrong-type', (p) => {
        const types = typesOf(p.schema);
        if (p.schema.enum || p.schema.anyOf) return pair(p, 'not-a-member');
        if (types.includes('integer')) return pair(p, '1.5');
        if (types.includes('number')) return pair(p, 'abc');
        if (types.includes('boolean')) return pair(p, 'yes');
        if (p.schema.format === 'date-time') return pair(p, 'not-a-date');
        return undefined;
      }),
      queryCase('bounds', (p) => {
        if (p.schema.maximum !== undefined) return pair(p, String(p.schema.maximum + 1));
        if (p.schema.minimum !== undefined) return pair(p, String(p.schema.minimum - 1));
        if (p.schema.maxLength !== undefined) return pair(p, 'q'.repeat(p.schema.maxLength + 1));
        if ((p.schema.minLength ?? 0) > 0) return pair(p, '');
        return undefined;
      }),
      queryCase('control-char', (p, c) => (stringLike(p.schema) && !p.schema.format ? pair(p, `a${c}b`) : undefined)),
      queryCase('missing-required', (p) => (p.required ? '' : undefined)),
      queryCase('malformed-percent', (p) => `${encodeURIComponent(p.name)}=${['%ff', '%', '%zz', '%00', '%c3%28'][p.name.length % 5]}`, 'wild', undefined),
      queryCase('repeated', (p) => `${pair(p, '1')}&${pair(p, '2')}`, 'wild', undefined),
      // An endpoint refuses a query parameter it does not take (docs/api.md "Requests").
      queryCase('unknown-parameter', () => 'zz_unknown=1'),
    ];
    for (const c of cases) if (c) options.push({ weight: 1, arbitrary: c });
  }

  if (bodySchema) {
    const mutations = fc.tuple(base, fc.nat(), fc.nat(), controlChar, fc.nat()).map(([b, siteIndex, mutationIndex, control, position]): FuzzCase | undefined => {
      const all = [...leafMutations(control, position), ...objectMutations(mutationIndex, control)];
      for (let k = 0; k < all.length; k++) {
        const mutation = all[(mutationIndex + k) % all.length]!;
        const result = mutateBody(b.body, bodySchema, mutation, siteIndex);
        if (!result) continue;
        const broken = { class: 'invalid' as const, mutation: `body:${mutation.name} ${result.pointer || '/'}`, request: request(operation, key, { ...b, body: result.body }) };
        return { ...broken, ...recordExpectation(operation, mutation.name, result.pointer) };
      }
      return undefined;
    });
    options.push({ weight: 8, arbitrary: mutations.filter((x): x is FuzzCase => x !== undefined) });
    const transport = fc.tuple(base, fc.nat(5)).map(([b, which]): FuzzCase => {
      const json = JSON.stringify(b.body);
      switch (which) {
        case 0:
          return { class: 'invalid', mutation: 'body:malformed-json', expect: [400], request: request(operation, key, b, { payload: json.slice(0, Math.max(1, json.length - 1)) + ',' }) };
        case 1:
          return { class: 'invalid', mutation: 'body:content-type', expect: [415], request: request(operation, key, b, { payload: json, contentType: 'text/plain' }) };
        case 2:
          return { class: 'invalid', mutation: 'body:not-an-object', expect: [400], request: request(operation, key, b, { payload: ['[]', '"x"', '1', 'null', 'true'][json.length % 5]! }) };
        case 3:
          return { class: 'invalid', mutation: 'body:deep-array', expect: [400], request: request(operation, key, b, { payload: JSON.stringify(deep(1000, 'array')) }) };
        case 4:
          // An optional body may be left out (requestBody.required: false).
          if (!operation.bodyRequired) return { class: 'valid', mutation: 'none', request: request(operation, key, b, { payload: '' }) };
          return { class: 'invalid', mutation: 'body:empty', expect: [400], request: request(operation, key, b, { payload: '' }) };
        default:
          return { class: 'invalid', mutation: 'body:proto-key', expect: [400], request: request(operation, key, b, { payload: `{"__proto__": {"polluted": true}, ${json.slice(1)}`.replace(', }', '}') }) };
      }
    });
    options.push({ weight: 3, arbitrary: transport });
  } else if (operation.method === 'POST' || operation.method === 'DELETE') {
    // Actions and deletes take no body, an empty one or {}; a field in it, or a body that is not an
    // object, is refused (docs/api.md "Requests").
    options.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom<[string, string | undefined]>(['', 'application/json'], ['{}', 'application/json'], ['', undefined], ['{}', 'application/json; charset=utf-8'])).map(
        ([b, [payload, contentType]]): FuzzCase => {
          const r = request(operation, key, b, {}, true);
          if (contentType) r.headers['content-type'] = contentType;
          return { class: 'valid', mutation: 'none', request: { ...r, payload } };
        },
      ),
    });
    options.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom('{"zz_unknown_field": 1}', '{"__proto__": {"x": 1}}', '[]', '{"a": ' + '['.repeat(1000) + ']'.repeat(1000) + '}')).map(
        ([b, payload]): FuzzCase => ({ class: 'invalid', mutation: 'body:fields-on-action', expect: [400], request: request(operation, key, b, { payload }) }),
      ),
    });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// Answers

/** What is wrong with an answer, or an empty list. */
export function problemsOf(fuzzCase: FuzzCase, status: number, headers: Record<string, unknown>, text: string, checker: ResponseChecker): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  let body: any = text;
  const contentType = headers['content-type'];
  const json = typeof contentType === 'string' && contentType.includes('json');
  if (json && text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('JSON content type with a body that does not parse');
    }
  }
  const requestId = headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') problems.push('no X-Request-Id header');
  if (status >= 400) {
    const error = body?.error;
    if (!json || typeof error?.code !== 'string' || typeof error.message !== 'string' || typeof error.request_id !== 'string') {
      problems.push('error without the envelope {error: {code, message, request_id}}');
    } else if (error.request_id !== requestId) {
      problems.push(`error.request_id ${error.request_id} is not the X-Request-Id header (${String(requestId)})`);
    }
  }
  if (fuzzCase.record !== undefined && status === 207) {
    const result = body?.data?.[fuzzCase.record];
    if (result?.status !== 'error' || result.error?.code !== 'validation_error') problems.push(`record ${fuzzCase.record} was not refused alone: ${JSON.stringify(result)?.slice(0, 200)}`);
  } else if (fuzzCase.class === 'invalid') {
    if (status < 400) problems.push(`accepted a broken request (${fuzzCase.mutation})`);
    else if (fuzzCase.expect && !fuzzCase.expect.includes(status) && status < 500) problems.push(`answered ${status} where the contract says ${fuzzCase.expect.join(' or ')}`);
  }
  try {
    checker.check(fuzzCase.request.method, fuzzCase.request.url.split('?')[0]!, { status, headers, body });
  } catch (err) {
    problems.push((err as Error).message.split('\n')[0]!.slice(0, 300));
  }
  return problems;
}

/** The request as a one-line replayable description (long parts shortened). */
export function describeRequest(r: FuzzRequest): string {
  const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  const headers = Object.entries(r.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${short(v, 60)}`)
    .join('; ');
  return `${r.method} ${short(r.url, 300)}${headers ? ` [${headers}]` : ''}${r.payload !== undefined ? ` body ${short(JSON.stringify(r.payload), 400)}` : ''}`;
}

export function describeFailure(f: FuzzFailure): string {
  return (
    `${f.operationId} #${f.index} ${f.fuzzCase.class} ${f.fuzzCase.mutation}: ${f.problem}\n` +
    `    replay: npm run fuzz -- --seed ${f.runSeed} --only ${f.operationId} --runs ${f.index + 1} (operation seed ${f.seed})\n` +
    `    ${describeRequest(f.fuzzCase.request)}\n    -> ${f.status} ${f.response.slice(0, 300)}`
  );
}

// ---------------------------------------------------------------------------------------------
// The run

function worldOf(f: Fixture): World {
  const byPrefix = new Map<string, string[]>();
  for (const [kind, id] of Object.entries(f.ids)) {
    const prefix = kindPrefix[kind as keyof typeof kindPrefix];
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), id]);
  }
  return { byPrefix };
}

/** Bulk routes validate each record themselves (their items schema is open): records are shaped as the single create's body. */
function bodySchemaOf(operation: Operation, operations: Operation[]): Schema | undefined {
  const body = operation.body;
  const records = body?.properties?.records;
  if (!body || !records || !operation.path.endsWith('/bulk') || (records.items && Object.keys(records.items).length > 0)) return body;
  const single = operations.find((o) => o.method === 'POST' && o.path === operation.path.replace(/\/bulk$/, ''));
  return single?.body ? { ...body, properties: { ...body.properties, records: { ...records, items: single.body } } } : body;
}

/** Whether the fixture's objects are all still there (fuzzing deletes, revokes and cancels). */
async function fixtureIntact(t: TestApp, f: Fixture): Promise<boolean> {
  const urls = [
    `/api/v1/courses/${f.ids.course}`,
    `/api/v1/modules/${f.ids.module}`,
    `/api/v1/lessons/${f.ids.lesson}`,
    `/api/v1/lessons/${f.ids.quizLesson}`,
    `/api/v1/students/${f.ids.student}`,
    `/api/v1/enrollments/${f.ids.enrollment}`,
    `/api/v1/webhook-endpoints/${f.ids.endpoint}`,
    `/api/v1/api-keys/${f.ids.apiKey}`,
  ];
  for (const url of urls) {
    const response = await t.app.inject({ url, headers: { authorization: `Bearer ${f.key}` } });
    if (response.statusCode !== 200) return false;
    const data = JSON.parse(response.body).data;
    if (data.revoked_at || data.status === 'cancelled' || data.published === false || (data.type && data.type !== 'text' && url.endsWith(f.ids.lesson))) return false;
  }
  return true;
}

/**
 * Runs the fuzzer against a harness app (its own account, with limits out of the way, and a
 * fixture in its workspace), `runs` requests spread over the document's operations.
 */
export async function runContractFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const { key, accountId } = await t.newKey();
  await unlimited(t, accountId);
  const document = t.app.swagger();
  // Every operation of the document: the API's, and health, readiness and metrics outside it. An
  // upload of a file (POST /imports) spends a window of 10 an hour per key and takes no JSON: its
  // own suite (test/imports) covers its refusals.
  const operations = apiOperations(document, '/').filter((o) => !o.fileBody && (!options.only || options.only.includes(o.operationId)));
  // Statuses and bodies are checked against the document; the budget headers are not: a request
  // refused before its route is known (a malformed path) has no key budgets, and the harness checks
  // those headers on every other test's responses.
  const checker = new ResponseChecker(document as never, false);
  let label = 0;
  let fixture = await buildFixture(t, key, `fuzz${label++}`);
  const report: FuzzReport = { requests: 0, operations: operations.length, byClass: { valid: 0, invalid: 0, wild: 0 }, validAccepted: 0, failures: [], ms: 0, msByKind: new Map() };
  const perOperation = Math.max(1, Math.ceil(options.runs / Math.max(1, operations.length)));
  const all = apiOperations(document);

  for (const operation of operations) {
    const seed = operationSeed(options.seed, operation.operationId);
    const cases = fc.sample(caseArb(operation, worldOf(fixture), key, bodySchemaOf(operation, all)), { seed, numRuns: perOperation });
    for (let index = 0; index < cases.length; index++) {
      const fuzzCase = cases[index]!;
      options.onCase?.(operation.operationId, index);
      const r = fuzzCase.request;
      let status = 0;
      let headers: Record<string, unknown>;
      let text = '';
      let problems: string[];
      const sent = performance.now();
      try {
        const response = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, ...(r.payload !== undefined ? { payload: r.payload } : {}) });
        status = response.statusCode;
        headers = response.headers;
        text = response.body;
        problems = problemsOf(fuzzCase, status, headers, text, checker);
      } catch (err) {
        problems = [`the request failed: ${(err as Error).message}`];
      }
      const kind = fuzzCase.class === 'valid' ? 'valid' : fuzzCase.mutation.split(' ')[0]!;
      report.msByKind.set(kind, (report.msByKind.get(kind) ?? 0) + performance.now() - sent);
      report.requests++;
      report.byClass[fuzzCase.class]++;
      if (fuzzCase.class === 'valid' && status >= 200 && status < 300) report.validAccepted++;
      for (const problem of problems) report.failures.push({ runSeed: options.seed, seed, operationId: operation.operationId, index, fuzzCase, status, problem, response: text.slice(0, 600) });
    }
    if (operation.method !== 'GET' && !(await fixtureIntact(t, fixture))) fixture = await buildFixture(t, key, `fuzz${label++}`);
  }
  report.ms = Date.now() - started;
  return report;
}

/** Known defects being fixed elsewhere: a failure matching one is reported, not failed. */
export interface KnownDefect {
  todo: string;
  /** Matches `operationId class mutation: problem`. */
  match: RegExp;
  dialect?: 'sqlite' | 'postgres';
}

export function isKnown(f: FuzzFailure, dialect: string, known: KnownDefect[]): KnownDefect | undefined {
  const line = `${f.operationId} ${f.fuzzCase.class} ${f.fuzzCase.mutation}: ${f.problem}`;
  return known.find((k) => (!k.dialect || k.dialect === dialect) && k.match.test(line));
}
