/** Validation problems as the API reports them: `details.errors` of a validation_error. */

import { AppError } from './errors.js';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** A problem as TypeBox's checker reports it (ajv's shape), or as validation.ts adds one. */
export interface RawIssue {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * One entry per problem, each with a JSON pointer into the part that failed. An unknown field
 * shows as its own path; the summary error the checker adds for the same problem is dropped. A
 * value that must be one of a few (an enum, or a union of literals) says which ones.
 */
export function toValidationIssues(issues: RawIssue[], part: string | undefined): ValidationIssue[] {
  const prefix = part && part !== 'body' ? `/${part === 'querystring' ? 'query' : part}` : '';
  const choices = choiceMessages(issues);
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.keyword === 'additionalProperties') continue;
    let message = issue.message;
    if (issue.keyword === 'boolean' && issue.schemaPath.endsWith('/additionalProperties')) {
      message = unknownFieldMessage(issue, part);
    } else if (issue.keyword === 'required') {
      const missing = (issue.params.requiredProperties as string[] | undefined) ?? [];
      for (const name of missing) add(`${issue.instancePath}/${name}`, 'is required');
      continue;
    } else if (issue.keyword === 'enum') {
      message = `must be one of ${(issue.params.allowedValues as unknown[]).map(String).join(', ')}`;
    } else {
      message = choices.get(issue.instancePath) ?? message;
    }
    add(issue.instancePath, message);
  }
  return out;

  // One entry per field: the first problem found with it (e.g. "" fails minLength before pattern).
  function add(path: string, message: string) {
    const full = `${prefix}${path}` || '/';
    if (seen.has(full)) return;
    seen.add(full);
    out.push({ path: full, message });
  }
}

/**
 * `must be one of text, video, quiz, assignment` for each value that failed a union whose every
 * branch is a literal (or null): the checker reports one "must be equal to constant" per branch,
 * then "must match a schema in anyOf".
 */
function choiceMessages(issues: RawIssue[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const union of issues) {
    if (union.keyword !== 'anyOf') continue;
    const branchPrefix = `${union.schemaPath}/anyOf/`;
    // Each branch's allowed value ('null' for a null branch), or undefined when it is no literal.
    const branches = new Map<string, string | undefined>();
    for (const issue of issues) {
      if (issue.instancePath !== union.instancePath || !issue.schemaPath.startsWith(branchPrefix)) continue;
      const rest = issue.schemaPath.slice(branchPrefix.length);
      const branch = rest.split('/')[0]!;
      let value: string | undefined;
      if (rest === branch && issue.keyword === 'const') value = String(issue.params.allowedValue);
      else if (rest === branch && issue.keyword === 'type' && issue.params.type === 'null') value = 'null';
      branches.set(branch, branches.get(branch) ?? value);
    }
    const values = [...branches.values()];
    if (values.length === 0 || values.some((v) => v === undefined) || values.every((v) => v === 'null')) continue;
    messages.set(union.instancePath, `must be one of ${values.join(', ')}`);
  }
  return messages;
}

/**
 * An unknown field of a body is "not writable"; an unknown query parameter names the ones the
 * list takes, and the likely one meant (`limit` → `per_page`). validation.ts puts the allowed
 * names in `params.allowed`.
 */
function unknownFieldMessage(issue: RawIssue, part: string | undefined): string {
  if (part !== 'querystring') return 'is not a writable field of this resource (unknown or read-only)';
  const allowed = (issue.params.allowed as string[] | undefined) ?? [];
  const name = issue.instancePath.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
  const taken = allowed.length > 0 ? `; this endpoint takes ${allowed.join(', ')}` : '; this endpoint takes none';
  const meant = closestParameter(name, allowed);
  return `is not a query parameter of this endpoint${taken}${meant ? ` (did you mean ${meant}?)` : ''}`;
}

/** What other APIs call our parameters. */
const synonyms: Record<string, string[]> = {
  per_page: ['limit', 'page_size', 'pagesize', 'size', 'count', 'per-page', 'perpage', 'max_results'],
  page: ['page_number', 'offset', 'p'],
  cursor: ['starting_after', 'after', 'next', 'next_cursor', 'page_token', 'continuation'],
  updated_since: ['since', 'modified_since', 'updated_after', 'changed_since'],
  sort: ['order', 'order_by', 'sort_by', 'orderby', 'sortby'],
  q: ['query', 'search', 'term', 'text'],
};

function closestParameter(name: string, allowed: string[]): string | undefined {
  const lower = name.toLowerCase().replace(/-/g, '_');
  for (const candidate of allowed) {
    if (candidate === lower || synonyms[candidate]?.includes(lower)) return candidate;
  }
  // A typo: one or two edits away (per_pgae, updatedsince).
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const distance = editDistance(lower, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Characters no text field takes: U+0000, which PostgreSQL cannot store, the other C0 controls
 * but tab, line feed and carriage return, and DEL (U+007F). None is text a person writes, and XML
 * 1.0 (the IMS CC export) forbids all C0 controls but those three.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain U+0000 or other control characters (only tab, line feed and carriage return are allowed)';

/** Whether any string in a parsed request part, or any object key, holds a control character. */
export function hasControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasControlCharacter(value[i])) return true;
    return false;
  }
  for (const key in value) {
    if (CONTROL_CHARACTER.test(key) || hasControlCharacter((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Every string of a parsed request part that holds a control character, object keys included
 * (metadata keys), as issues of the checker's shape, each with its JSON pointer.
 */
export function controlCharacterIssues(value: unknown, path = '', out: RawIssue[] = []): RawIssue[] {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) out.push(controlIssue(path));
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) controlCharacterIssues(value[i], `${path}/${i}`, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      const inner = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (CONTROL_CHARACTER.test(key)) out.push(controlIssue(inner));
      else controlCharacterIssues((value as Record<string, unknown>)[key], inner, out);
    }
  }
  return out;
}

function controlIssue(path: string): RawIssue {
  return { keyword: 'controlCharacter', schemaPath: '#', instancePath: path, params: {}, message: CONTROL_CHARACTER_MESSAGE };
}

/** The validation_error of a request part: every issue, and a message that sums them up. */
export function validationError(part: string | undefined, issues: ValidationIssue[]): AppError {
  const summary = issues.map((e) => `${e.path} ${e.message}`).join('; ');
  const name = part === 'querystring' ? 'query' : (part ?? 'request');
  return new AppError('validation_error', `Invalid ${name}: ${summary}`, { errors: issues });
}
