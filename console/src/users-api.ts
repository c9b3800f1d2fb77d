import { api, ApiError, type Profile } from './api.js';

/** The console's calls about users and passwords (/console/api/users, /password, /session). */

export type Role = 'owner' | 'developer' | 'viewer';
export const roles: readonly Role[] = ['owner', 'developer', 'viewer'];

/** The signed-in user's profile, with what a password change asks for. */
export type AccountProfile = Profile & {
  /** False right after a one-time link sign-in: a new password may then be set without the current one. */
  password_change_needs_current?: boolean;
};

export interface ConsoleUser {
  id: string;
  email: string;
  role: Role;
  has_password: boolean;
  created_at: string;
  /** Sessions open now. */
  sessions: number;
  last_sign_in_at: string | null;
  /** Failed sign-ins for this email in the last 24 hours, wherever they came from. */
  failed_sign_ins: { count: number; last_at: string | null; last_address: string | null };
}

export interface SignInLink {
  sign_in_url: string;
  expires_at: string;
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const listUsers = async () => (await api<{ data: ConsoleUser[] }>('GET', '/users')).data;
export const inviteUser = async (email: string, role: Role) =>
  (await api<{ data: SignInLink & { user: ConsoleUser } }>('POST', '/users', { email, role })).data;
export const changeRole = async (id: string, role: Role) => (await api<{ data: ConsoleUser }>('PATCH', userPath(id), { role })).data;
export const removeUser = async (id: string) => (await api<{ data: { id: string; deleted: true } }>('DELETE', userPath(id))).data;
export const newSignInLink = async (id: string) => (await api<{ data: SignInLink }>('POST', `${userPath(id)}/sign-in-link`)).data;
export const endSessions = async (id: string) => (await api<{ data: { sessions: number } }>('DELETE', `${userPath(id)}/sessions`)).data;
export const readProfile = async () => (await api<{ data: AccountProfile }>('GET', '/session')).data;

/**
 * An API error with what `api()` leaves out: the field errors of a validation error and a 429's
 * Retry-After. Still an ApiError, so describeError reads it as any other.
 */
export class DetailedApiError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    requestId: string | undefined,
    /** `details.errors` of a validation error: a JSON pointer to the field and what is wrong with it. */
    readonly fieldErrors: { path: string; message: string }[],
    /** Seconds to wait, from Retry-After (429), else null. */
    readonly retryAfter: number | null,
  ) {
    super(status, code, message, requestId);
  }
}

/** One call to /console/api, failing with a DetailedApiError (the two forms below need its details). */
async function detailedCall<T>(method: 'POST' | 'PUT', path: string, body: unknown, csrfToken: string): Promise<T> {
  const response = await fetch(`/console/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  if (response.ok) return json as T;
  const error = (json.error ?? {}) as { code?: string; message?: string; request_id?: string; details?: { errors?: unknown } };
  const errors = Array.isArray(error.details?.errors) ? (error.details.errors as { path?: unknown; message?: unknown }[]) : [];
  // A session that is gone sends the console to its sign-in page, as api() does: ask again through it.
  if (response.status === 401 && error.code === 'session_required') void api('GET', '/session').catch(() => {});
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new DetailedApiError(
    response.status,
    error.code ?? 'error',
    error.message ?? response.statusText,
    error.request_id,
    errors.map((e) => ({ path: typeof e.path === 'string' ? e.path : '', message: typeof e.message === 'string' ? e.message : '' })),
    response.headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

/** Sign in with email and password (no session yet, so no CSRF token: the origin check covers it). */
export const signInWithPassword = async (email: string, password: string) =>
  (await detailedCall<{ data: AccountProfile }>('POST', '/session', { email, password }, '')).data;

/** Set a new password; `currentPassword` unless the profile says it is not needed. Ends the user's other sessions. */
export const changePassword = async (csrfToken: string, password: string, currentPassword?: string) => {
  await detailedCall('PUT', '/password', currentPassword === undefined ? { password } : { password, current_password: currentPassword }, csrfToken);
};

/** The message of a validation error's field (`/current_password`), if it has one. */
export function fieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof DetailedApiError)) return undefined;
  return err.fieldErrors.find((e) => e.path === `/${field}` || e.path === field)?.message;
}
