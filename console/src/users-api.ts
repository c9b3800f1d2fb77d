import { api, type Profile } from './api.js';

/** The console's calls about users and passwords (/console/api/users, /password, /session). */

export type Role = 'owner' | 'developer' | 'viewer';
export const roles: readonly Role[] = ['owner', 'developer', 'viewer'];

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
export const readProfile = async () => (await api<{ data: Profile }>('GET', '/session')).data;

/** Sign in with email and password (no session yet: the origin check covers it). */
export const signInWithPassword = async (email: string, password: string) => (await api<{ data: Profile }>('POST', '/session', { email, password })).data;

/** Set a new password; `currentPassword` unless the profile says it is not needed. Ends the user's other sessions. */
export const changePassword = async (password: string, currentPassword?: string) => {
  await api('PUT', '/password', currentPassword === undefined ? { password } : { password, current_password: currentPassword });
};
