import { useState } from 'preact/hooks';
import { fieldError, type Profile } from '../api.js';
import { describeError, Notice } from '../components.js';
import { changePassword, readProfile } from '../users-api.js';

const MIN_LENGTH = 12;

/**
 * The signed-in user: who they are, and a password to sign in with from now on. A change asks for the
 * current password, except right after a one-time link sign-in (the way back in for a forgotten
 * one); either way the user's other sessions end.
 */
export function AccountPage({ profile }: { profile: Profile }) {
  const [account, setAccount] = useState<Profile>(profile);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [news, setNews] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ current?: string; password?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  // Until the server says otherwise, a user who has a password is asked for it.
  const needsCurrent = account.password_change_needs_current;

  const submit = async (event: Event) => {
    event.preventDefault();
    setNews(null);
    setError(null);
    if (password.length < MIN_LENGTH) return setErrors({ password: `At least ${MIN_LENGTH} characters.` });
    if (password !== repeat) return setErrors({ repeat: 'The two passwords differ.' });
    setErrors({});
    setBusy(true);
    try {
      await changePassword(password, needsCurrent ? current : undefined);
      setCurrent('');
      setPassword('');
      setRepeat('');
      setNews('Password set. Your other sessions have been signed out; this one stays signed in.');
      // A link sign-in's free change may be used up: ask the server what the next change needs.
      setAccount(await readProfile().catch(() => ({ ...account, user: { ...account.user, has_password: true } })));
    } catch (err) {
      // The server names the field and says what is wrong with it ("is not your current password").
      const onCurrent = fieldError(err, 'current_password');
      const onPassword = fieldError(err, 'password');
      const byField = { current: onCurrent && `Current password ${onCurrent}`, password: onPassword && `New password ${onPassword}` };
      setErrors(byField);
      setError(byField.current || byField.password ? 'The password was not changed: see the fields below.' : describeError(err));
    } finally {
      setBusy(false);
    }
  };

  /** A field's error, tied to its input by aria-describedby. */
  const problem = (id: string, message: string | undefined) =>
    message && (
      <p class="notice error" id={`${id}-error`}>
        {message}
      </p>
    );
  const invalid = (id: string, message: string | undefined) => (message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

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
      <form class="card" onSubmit={(e) => void submit(e)} aria-labelledby="password-title" noValidate>
        <h2 id="password-title">{account.user.has_password ? 'Change your password' : 'Set a password'}</h2>
        <p class="hint">
          At least {MIN_LENGTH} characters. Saving it signs your other sessions out.
          {!needsCurrent && account.user.has_password && ' You signed in with a one-time link, so your current password is not needed.'}
        </p>
        {error && <Notice error>{error}</Notice>}
        {news && <Notice>{news}</Notice>}
        {needsCurrent && (
          <>
            <label for="current-password">Current password</label>
            <input
              id="current-password"
              type="password"
              autocomplete="current-password"
              required
              value={current}
              onInput={(e) => setCurrent((e.target as HTMLInputElement).value)}
              {...invalid('current-password', errors.current)}
            />
            {problem('current-password', errors.current)}
          </>
        )}
        <label for="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          autocomplete="new-password"
          minLength={MIN_LENGTH}
          required
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          {...invalid('new-password', errors.password)}
        />
        {problem('new-password', errors.password)}
        <label for="repeat-password">Repeat it</label>
        <input
          id="repeat-password"
          type="password"
          autocomplete="new-password"
          minLength={MIN_LENGTH}
          required
          value={repeat}
          onInput={(e) => setRepeat((e.target as HTMLInputElement).value)}
          {...invalid('repeat-password', errors.repeat)}
        />
        {problem('repeat-password', errors.repeat)}
        <button type="submit" disabled={busy}>
          Save password
        </button>
      </form>
    </section>
  );
}
