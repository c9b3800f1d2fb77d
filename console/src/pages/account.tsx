import { useState } from 'preact/hooks';
import { api, type Profile } from '../api.js';
import { describeError, Notice } from '../components.js';

/** The signed-in user: who they are, and a password to sign in with from now on (other sessions end). */
export function AccountPage({ profile }: { profile: Profile }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [news, setNews] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setNews(null);
    setError(null);
    if (password !== repeat) return setError('The two passwords differ.');
    try {
      await api('PUT', '/password', { password });
      setPassword('');
      setRepeat('');
      setNews('Password set. Your other sessions have been signed out.');
    } catch (err) {
      setError(describeError(err));
    }
  };

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <dl class="budgets">
        <div>
          <dt>Email</dt>
          <dd>{profile.user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{profile.user.role}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {profile.account.name} ({profile.account.plan})
          </dd>
        </div>
      </dl>
      <form class="card" onSubmit={(e) => void submit(e)} aria-labelledby="password-title">
        <h2 id="password-title">{profile.user.has_password ? 'Change your password' : 'Set a password'}</h2>
        <p class="hint">At least 12 characters. Setting it signs your other sessions out.</p>
        {error && <Notice error>{error}</Notice>}
        {news && <Notice>{news}</Notice>}
        <label for="new-password">New password</label>
        <input id="new-password" type="password" autocomplete="new-password" minLength={12} required value={password} onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
        <label for="repeat-password">Repeat it</label>
        <input id="repeat-password" type="password" autocomplete="new-password" minLength={12} required value={repeat} onInput={(e) => setRepeat((e.target as HTMLInputElement).value)} />
        <button type="submit">Save password</button>
      </form>
    </section>
  );
}
