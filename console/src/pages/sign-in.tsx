import { useEffect, useState } from 'preact/hooks';
import { api, type Profile } from '../api.js';
import { describeError, Notice } from '../components.js';

/** Sign in with the one-time link the CLI printed (the token is in the URL fragment), or with email and password. */
export function SignInPage({ token, onSignedIn }: { token: string | undefined; onSignedIn: (profile: Profile) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (!token) return;
    setBusy(true);
    // The token leaves the address bar at once: it is used up by this request.
    history.replaceState(null, '', '#/sign-in');
    api<{ data: Profile }>('POST', '/session/link', { token })
      .then((r) => onSignedIn(r.data))
      .catch((err: unknown) => setError(`This sign-in link cannot be used: ${describeError(err)}. Ask for a new one.`))
      .finally(() => setBusy(false));
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      onSignedIn((await api<{ data: Profile }>('POST', '/session', { email, password })).data);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the Lectern console</h1>
      {busy && <Notice>Signing in…</Notice>}
      {error && <Notice error>{error}</Notice>}
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in with email and password">
        <label for="email">Email</label>
        <input id="email" type="email" autocomplete="username" required value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p class="hint">
        No password yet? Ask an owner for a sign-in link (<code>lectern user create</code>), then set one under “Your account”.
      </p>
    </main>
  );
}
