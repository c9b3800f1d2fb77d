import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { notFound } from '../shared/errors.js';
import { pathResource } from '../shared/schemas.js';
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_MESSAGE,
  controlCharacterIssues,
  hasControlCharacter,
  type RawIssue,
  validationError,
} from '../shared/validation-issues.js';
import { API_PREFIX } from './auth.js';

// TypeBox stops collecting errors after 8 by default; a client fixing a body wants them all.
// Bodies are at most 1 MiB, so this stays bounded.
Settings.Set({ maxErrors: 100 });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler reads an optional body and validates it itself (rotate's grace period). */
    readsBody?: boolean;
  }
}

/**
 * Validation at the edge: TypeBox's compiled checker for every request part a route declares
 * (validatorCompiler); for the actions that declare no body (publish, revoke, DELETE…), the same
 * refusal of unknown fields as every other body; and no control character in Idempotency-Key.
 */
export const validationPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith(API_PREFIX)) return;
      const hooks = route.preValidation ? [route.preValidation].flat() : [];
      if (!route.schema?.body && !route.config?.readsBody && (methods.includes('POST') || methods.includes('DELETE'))) hooks.unshift(refuseBody);
      if (methods.includes('POST')) hooks.unshift(idempotencyKeyText);
      route.preValidation = hooks;
    });
  },
  { name: 'validation' },
);

/**
 * Validates each request part with TypeBox's compiled checker. Bodies are checked as sent:
 * a string where a number belongs is a 400, never coerced. Query strings, params and headers
 * arrive as text, so scalars are converted first, strictly: "20" becomes 20, "1.5" stays text
 * for an integer field and fails, rather than being truncated to 1.
 *
 * Every string of every part, object keys included, is also refused when it holds U+0000 or
 * another control character (validation-issues.ts): PostgreSQL cannot store U+0000 and XML
 * cannot carry the others, so no such text gets past the edge, on any database. A path id that
 * fails answers 404, like an id that does not exist.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const convert = httpPart === 'body' ? undefined : textConverter(schema);
  if (httpPart === 'params') return pathValidator(schema, check);
  const properties = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
  // Headers hold every header of the request; only the ones the route reads are the route's text.
  const text: (value: unknown) => unknown = httpPart === 'headers' ? (value) => pick(value, properties) : (value) => value;
  return (input: unknown) => {
    const value = convert ? convert(input) : input;
    const controls = hasControlCharacter(text(value));
    if (!controls && check.Check(value)) return { value };
    const issues = [...(controls ? controlCharacterIssues(text(value)) : []), ...(check.Errors(value) as unknown as RawIssue[])];
    // An unknown query parameter's message names the ones the endpoint takes (validation-issues.ts).
    if (httpPart === 'querystring') {
      for (const issue of issues) if (issue.keyword === 'boolean') issue.params = { ...issue.params, allowed: properties };
    }
    return { error: issues as unknown as Error };
  };
};

/** Params are path ids: one that fails its schema, or holds a control character, is not found (404). */
function pathValidator(schema: TSchema, check: ReturnType<typeof Compile>) {
  const resource = pathResource(schema);
  return (input: unknown) => {
    if (check.Check(input) && !hasControlCharacter(input)) return { value: input };
    const id = Object.values((input ?? {}) as Record<string, unknown>).find((v) => typeof v === 'string') ?? '';
    const shown = id.length > 100 ? `${id.slice(0, 100)}…` : id;
    return { error: notFound(resource, shown === '' ? '(empty id)' : shown) };
  };
}

function pick(value: unknown, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const name of names) if (name in value) out[name] = (value as Record<string, unknown>)[name];
  return out;
}

/**
 * Idempotency-Key is the one header besides If-Match (in its routes' schema) whose text reaches
 * the database. Node's HTTP parser already refuses control characters in header values; this
 * holds for requests that do not come through it (inject, another server in front).
 */
function idempotencyKeyText(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  const key = request.headers['idempotency-key'];
  if (key !== undefined && CONTROL_CHARACTER.test(String(key))) {
    return done(validationError('headers', [{ path: '/headers/idempotency-key', message: CONTROL_CHARACTER_MESSAGE }]));
  }
  done();
}

/**
 * An action that takes no body accepts none, an empty one, or `{}`; a field is refused as an
 * unknown field of any other body is (400 validation_error with its pointer).
 */
function refuseBody(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  const body = request.body;
  if (body === undefined) return done();
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = Object.keys(body);
    if (fields.length === 0) return done();
    const issues = fields.map((field) => ({ path: `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: 'is not a field of this action, which takes no body' }));
    return done(validationError('body', issues));
  }
  done(validationError('body', [{ path: '/', message: 'must be empty: this action takes no body (send none, or {})' }]));
}

type Converter = (value: unknown) => unknown;

function textConverter(schema: TSchema): Converter | undefined {
  const properties = (schema as { properties?: Record<string, TSchema> }).properties;
  if (!properties) return undefined;
  const converters = new Map<string, Converter>();
  for (const [name, property] of Object.entries(properties)) {
    const converter = scalarConverter(property);
    if (converter) converters.set(name, converter);
  }
  if (converters.size === 0) return undefined;
  return (input) => {
    if (typeof input !== 'object' || input === null) return input;
    const output: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [name, convert] of converters) {
      if (name in output) output[name] = convert(output[name]);
    }
    return output;
  };
}

function scalarConverter(schema: TSchema): Converter | undefined {
  switch ((schema as { type?: string }).type) {
    case 'integer':
      return (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v);
    case 'number':
      return (v) => (typeof v === 'string' && /^-?\d{1,15}(\.\d+)?$/.test(v) ? Number(v) : v);
    case 'boolean':
      return (v) => (v === 'true' ? true : v === 'false' ? false : v);
    default:
      return undefined;
  }
}
