import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Profile } from '../api.js';
import { describeError, Notice, OnceSecret, TableRegion, useLatest, when } from '../components.js';
import {
  changeRole,
  type ConsoleUser,
  endSessions,
  inviteUser,
  listUsers,
  newSignInLink,
  removeUser,
  type Role,
  roles,
  type SignInLink,
} from '../users-api.js';

const roleNames: Record<Role, string> = { owner: 'Owner', developer: 'Developer', viewer: 'Viewer' };

/** What a refused change says: the last owner's guard in words, anything else as the server put it. */
function describeUserError(err: unknown): string {
  if (err instanceof ApiError && err.code === 'last_owner') return 'An account needs at least one owner: make another user an owner first (last_owner).';
  return describeError(err);
}

/** A one-time link on screen: who it is for and until when, shown once with a copy button. */
interface ShownLink extends SignInLink {
  email: string;
  invited: boolean;
}

/**
 * The account's users (owners only): who may sign in, with which role, how recently, and the failed
 * sign-ins against each email (a guesser's attempts are visible here). Owners invite by a one-time
 * link they pass on themselves (no mail is sent), issue a new link to a user who cannot get in,
 * change roles, end sessions and remove users; the server keeps at least one owner.
 */
export function UsersPage({ profile }: { profile: Profile }) {
  const [users, setUsers] = useState<ConsoleUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [link, setLink] = useState<ShownLink | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  /** Roles picked in a row's select and not saved yet. */
  const [picked, setPicked] = useState<Record<string, Role>>({});
  const [busy, setBusy] = useState(false);
  const latest = useLatest();

  const load = () =>
    latest(listUsers(), (list) => {
      setUsers(list);
      setPicked({});
    }).catch((err: unknown) => setError(describeUserError(err)));

  useEffect(() => {
    void load();
  }, []);

  /** Runs one change, reads the list again, then says how it went: news on success, an error (role=alert) on failure. */
  const act = async (change: () => Promise<string | null>) => {
    setError(null);
    setNews(null);
    setBusy(true);
    let outcome: { news: string | null } | { error: string };
    try {
      outcome = { news: await change() };
    } catch (err) {
      outcome = { error: describeUserError(err) };
    }
    await load();
    setBusy(false);
    if ('error' in outcome) setError(outcome.error);
    else setNews(outcome.news);
  };

  const invite = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const invited = await inviteUser(email.trim(), role);
      setLink({ ...invited, email: invited.user.email, invited: true });
      setEmail('');
      return null;
    });
  };

  const saveRole = (user: ConsoleUser) => {
    const next = picked[user.id] ?? user.role;
    if (user.id === profile.user.id && next !== 'owner' && !confirm(`Make yourself a ${next}? You will no longer manage users.`)) return;
    void act(async () => {
      await changeRole(user.id, next);
      // Your own role changed: the navigation and pages follow the new one.
      if (user.id === profile.user.id) location.reload();
      return `${user.email} is now a ${next}.`;
    });
  };

  const issueLink = (user: ConsoleUser) =>
    act(async () => {
      setLink({ ...(await newSignInLink(user.id)), email: user.email, invited: false });
      return null;
    });

  const endAll = (user: ConsoleUser) => {
    if (user.id === profile.user.id && !confirm('End all your sessions, this one included?')) return;
    void act(async () => {
      const { sessions } = await endSessions(user.id);
      if (user.id === profile.user.id) location.reload();
      return `Ended ${sessions} ${sessions === 1 ? 'session' : 'sessions'} of ${user.email}.`;
    });
  };

  const remove = (user: ConsoleUser) => {
    if (!confirm(`Remove ${user.email}? Their sessions end at once and they can no longer sign in.`)) return;
    void act(async () => {
      await removeUser(user.id);
      if (user.id === profile.user.id) location.reload();
      return `Removed ${user.email}.`;
    });
  };

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" tabIndex={-1}>
        Users
      </h1>
      <p class="hint">
        The people who may sign in to {profile.account.name}. No email is sent: you pass a one-time sign-in link on yourself, also to a
        user who forgot their password.
      </p>
      {error && <Notice error>{error}</Notice>}
      {news && <Notice>{news}</Notice>}
      {link && (
        <>
          <Notice>
            {link.invited ? `Invited ${link.email}.` : `A new sign-in link for ${link.email}.`} It works once and is valid until{' '}
            {when(link.expires_at)}; send it to them yourself.
          </Notice>
          <OnceSecret label={`Sign-in link for ${link.email}`} value={link.sign_in_url} onDone={() => setLink(null)} returnFocus="users-title" />
        </>
      )}

      <form class="card" onSubmit={invite} aria-labelledby="invite-title">
        <h2 id="invite-title">Invite a user</h2>
        <label for="invite-email">Email of the new user</label>
        <input id="invite-email" type="email" required autocomplete="off" value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
        <label for="invite-role">Role of the new user</label>
        <select id="invite-role" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value as Role)}>
          {roles.map((r) => (
            <option value={r} key={r}>
              {roleNames[r]}
            </option>
          ))}
        </select>
        <p class="hint">Owners manage users, keys and webhooks; developers manage keys and webhooks; viewers read only.</p>
        <button type="submit" disabled={busy}>
          Invite
        </button>
      </form>

      {users === null && !error && <p role="status">Loading users…</p>}
      {users && (
        <TableRegion label="Users">
          <table>
            <caption>Users of {profile.account.name}</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Password</th>
                <th scope="col">Sessions</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Failed sign-ins (24 h)</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const next = picked[user.id] ?? user.role;
                const failed = user.failed_sign_ins;
                return (
                  <tr key={user.id} data-user-id={user.id}>
                    <th scope="row">
                      {user.email}
                      {user.id === profile.user.id && ' (you)'}
                      <br />
                      <span class="hint">added {when(user.created_at)}</span>
                    </th>
                    <td data-label="Role">
                      <select
                        aria-label={`Role for ${user.email}`}
                        value={next}
                        onChange={(e) => setPicked({ ...picked, [user.id]: (e.target as HTMLSelectElement).value as Role })}
                      >
                        {roles.map((r) => (
                          <option value={r} key={r}>
                            {roleNames[r]}
                          </option>
                        ))}
                      </select>{' '}
                      <button
                        type="button"
                        class="secondary"
                        aria-label={`Save role for ${user.email}`}
                        disabled={busy || next === user.role}
                        onClick={() => saveRole(user)}
                      >
                        Save
                      </button>
                    </td>
                    <td data-label="Password">{user.has_password ? 'Set' : 'Not set'}</td>
                    <td data-label="Sessions">{user.sessions}</td>
                    <td data-label="Last sign-in" class="time">
                      {when(user.last_sign_in_at)}
                    </td>
                    <td data-label="Failed sign-ins (24 h)" data-testid="failed-sign-ins" class={failed.count > 0 ? 'mark-4xx' : undefined}>
                      {failed.count === 0 ? (
                        'None'
                      ) : (
                        <>
                          <strong data-field="count">{failed.count}</strong>, last {when(failed.last_at)}
                          {failed.last_address && (
                            <>
                              {' '}
                              from <code>{failed.last_address}</code>
                            </>
                          )}
                        </>
                      )}
                    </td>
                    <td data-label="Actions" class="row-actions">
                      <button type="button" class="secondary" aria-label={`New sign-in link for ${user.email}`} disabled={busy} onClick={() => void issueLink(user)}>
                        New sign-in link
                      </button>
                      <button type="button" class="secondary" aria-label={`End sessions of ${user.email}`} disabled={busy} onClick={() => endAll(user)}>
                        End sessions
                      </button>
                      <button type="button" class="danger" aria-label={`Remove ${user.email}`} disabled={busy} onClick={() => remove(user)}>
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
