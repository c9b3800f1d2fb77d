import type { Profile } from '../api.js';

/** The account's users (owners only): a placeholder until the Users page lands. */
export function UsersPage({ profile }: { profile: Profile }) {
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <p>Users of {profile.account.name}.</p>
    </section>
  );
}
