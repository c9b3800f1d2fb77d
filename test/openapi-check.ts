import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Response = { $ref?: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> };
type Operation = { responses?: Record<string, Response> };

/** Answers given before a key is recognised (or with limits closed by the plan) carry no key budgets. */
const refusedBeforeBudgets = new Set(['conflicting_credentials', 'https_required', 'plan_not_eligible']);
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown>; responses?: Record<string, Response> } };

/**
 * Checks every API response of the suite against the OpenAPI document: the status must be
 * documented for the operation, a JSON body must match its schema, and (with rate limits on) the
 * budget headers the operation documents must be there. A mismatch fails the test.
 */
/** Checkers built in this process, by document and rate-limit setting: apps of one process share one (compiling the document is ~0.3 s). */
const checkers = new Map<string, ResponseChecker>();

export class ResponseChecker {
  /** The checker of this document (equal by content) and rate-limit setting, built once per process. */
  static for(document: Document, rateLimits = true): ResponseChecker {
    const key = `${rateLimits}\u0000${JSON.stringify(document)}`;
    let checker = checkers.get(key);
    if (!checker) {
      checker = new ResponseChecker(document, rateLimits);
      checkers.set(key, checker);
    }
    return checker;
  }

  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly routes: { method: string; pattern: RegExp; operation: Operation; path: string }[] = [];
  private readonly compiled = new Map<unknown, ValidateFunction>();
  /** The error answers the operations refer to (`#/components/responses/NotFound`). */
  private readonly sharedAnswers: Record<string, Response>;

  constructor(
    document: Document,
    private readonly rateLimits = true,
  ) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.sharedAnswers = document.components?.responses ?? {};
    this.ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
    for (const [path, item] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, operation] of Object.entries(item)) {
        this.routes.push({ method: method.toUpperCase(), pattern, operation, path });
      }
    }
  }

  check(method: string, url: string, response: { status: number; headers: Record<string, unknown>; body: unknown }): void {
    const path = url.split('?')[0]!;
    if (path === '/api/v1/openapi.json' || path.startsWith('/docs')) return;
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return; // unknown routes answer 404/405 by the error handler, checked by the envelope tests
    const answer = route.operation.responses?.[String(response.status)];
    const documented = answer?.$ref ? this.sharedAnswers[answer.$ref.split('/').pop()!] : answer;
    if (!documented) {
      throw new Error(`${method} ${route.path} answered ${response.status}, which its OpenAPI operation does not document`);
    }
    this.checkBudgetHeaders(method, route.path, response, documented.headers);
    const schema = documented.content?.['application/json']?.schema;
    if (!schema || typeof response.body !== 'object') return;
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.compiled.set(schema, validate);
    }
    if (!validate(response.body)) {
      throw new Error(
        `${method} ${route.path} ${response.status} does not match its schema: ${JSON.stringify(validate.errors)}\nbody: ${JSON.stringify(response.body).slice(0, 1000)}`,
      );
    }
  }

  private checkBudgetHeaders(method: string, path: string, response: { status: number; headers: Record<string, unknown>; body: unknown }, documented?: Record<string, unknown>) {
    if (!this.rateLimits || !documented?.['X-RateLimit-Limit']) return;
    const error = errorOf(response.body);
    if (error && (refusedBeforeBudgets.has(error.code ?? '') || error.details?.limit === 'auth_failures')) return;
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-policy', 'ratelimit']) {
      if (response.headers[name] === undefined) throw new Error(`${method} ${path} ${response.status} lacks the ${name} header`);
    }
    if (response.status === 429 && response.headers['retry-after'] === undefined) throw new Error(`${method} ${path} 429 lacks Retry-After`);
  }
}

function errorOf(body: unknown): { code?: string; details?: { limit?: string } } | undefined {
  return (body as { error?: { code?: string; details?: { limit?: string } } } | null)?.error;
}

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/components/') ? `openapi${v}` : rewriteRefs(v);
    }
    return out;
  }
  return schema;
}
