import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Profile } from '../api.js';
import { describeError, Notice } from '../components.js';
import { signInWithPassword } from '../users-api.js';

/** What a refused sign-in says: a throttled account or address waits, and a one-time link still works. */
function signInError(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) {
    const seconds = err.retryAfter ?? 60;
    return `Too many attempts; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or ask an owner for a sign-in link.`;
  }
  return describeError(err);
}

/** Sign in with the one-time link the CLI printed (the token is in the URL fragment), or with email and password. */
export function SignInPage({ token, onSignedIn }: { token: string | undefined; onSignedIn: (profile: Profile) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgotten, setForgotten] = useState(false);

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
      onSignedIn(await signInWithPassword(email, password));
    } catch (err) {
      setError(signInError(err));
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
      <button type="button" class="link" aria-expanded={forgotten} aria-controls="forgot-password" onClick={() => setForgotten(!forgotten)}>
        Forgot password?
      </button>
      <section id="forgot-password" class="card" aria-labelledby="forgot-title" hidden={!forgotten}>
        <h2 id="forgot-title">Getting back in</h2>
        <p>
          No email is sent: this server has no mailer. Get a new one-time sign-in link instead, then set a new password under
          “Your account” (no current password needed after a link).
        </p>
        <ul>
          <li>Ask an owner of your account: they issue a “New sign-in link” for you on the Users page.</li>
          <li>
            Or ask the server’s operator to run <code>npx lectern user link --email {email || 'you@school.example'}</code>.
          </li>
        </ul>
      </section>
      <p class="hint">No password yet? Ask an owner for a sign-in link, then set one under “Your account”.</p>
    </main>
  );
}
