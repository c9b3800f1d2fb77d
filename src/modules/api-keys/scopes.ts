/** Scopes a key may hold (docs/api.md, "Authentication"); `*` grants all of them. `write` implies `read`. */
export const scopes = [
  'courses:read',
  'courses:write',
  'students:read',
  'students:write',
  'enrollments:read',
  'enrollments:write',
  'analytics:read',
  'exports:write',
  'webhooks:read',
  'webhooks:write',
  'keys:write',
  'lti:read',
  'lti:write',
] as const;

export type Scope = (typeof scopes)[number];

const known = new Set<string>(['*', ...scopes]);

export function isScope(value: string): boolean {
  return known.has(value);
}

export function hasScope(granted: ReadonlySet<string>, required: Scope): boolean {
  if (granted.has('*') || granted.has(required)) return true;
  if (required.endsWith(':read')) return granted.has(required.replace(/:read$/, ':write'));
  return false;
}
