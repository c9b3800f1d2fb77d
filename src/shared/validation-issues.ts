/** Validation problems as the API reports them: `details.errors` of a validation_error. */

export interface ValidationIssue {
  path: string;
  message: string;
}

interface RawIssue {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * One entry per problem, each with a JSON pointer into the part that failed. An unknown field
 * shows as its own path; the summary error the checker adds for the same problem is dropped.
 */
export function toValidationIssues(issues: RawIssue[], part: string | undefined): ValidationIssue[] {
  const prefix = part && part !== 'body' ? `/${part === 'querystring' ? 'query' : part}` : '';
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (issue.keyword === 'additionalProperties') continue;
    let message = issue.message;
    if (issue.keyword === 'boolean' && issue.schemaPath.endsWith('/additionalProperties')) {
      message = 'is not a writable field of this resource (unknown or read-only)';
    } else if (issue.keyword === 'required') {
      const missing = (issue.params.requiredProperties as string[] | undefined) ?? [];
      for (const name of missing) add(`${issue.instancePath}/${name}`, 'is required');
      continue;
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
