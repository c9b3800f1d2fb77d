import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Environment, type Profile, setCsrfToken } from './api.js';
import { AccountPage } from './pages/account.js';
import { KeysPage } from './pages/keys.js';
import { LogsPage } from './pages/logs.js';
import { SignInPage } from './pages/sign-in.js';
import { UsagePage } from './pages/usage.js';
import { UsersPage } from './pages/users.js';
import { WebhooksPage } from './pages/webhooks.js';
import './styles.css';

const pages = [
  { route: 'keys', title: 'API keys' },
  { route: 'webhooks', title: 'Webhooks' },
  { route: 'usage', title: 'Usage' },
  { route: 'logs', title: 'Request log' },
  { route: 'users', title: 'Users', ownersOnly: true },
  { route: 'account', title: 'Your account' },
] as const;
type PageRoute = (typeof pages)[number]['route'];

const environmentLabels: Record<Environment, string> = { production: 'Production', development: 'Development', staging: 'Staging' };

/** The route is the URL fragment (#/keys): the server serves one page, and a sign-in token in it never reaches a log. */
function useHashRoute(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return hash.replace(/^#\/?/, '');
}

function App() {
  const route = useHashRoute();
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [environment, setEnvironment] = useState<Environment>(() => (localStorage.getItem('lectern.environment') as Environment | null) ?? 'production');

  const signedIn = (next: Profile) => {
    setCsrfToken(next.csrf_token);
    setProfile(next);
    if (route.startsWith('sign-in')) location.hash = '#/keys';
  };

  useEffect(() => {
    if (route.startsWith('sign-in/')) return; // the sign-in page uses the link first
    api<{ data: Profile }>('GET', '/session')
      .then((r) => signedIn(r.data))
      .catch(() => setProfile(null));
  }, []);

  useEffect(() => {
    document.title = `${pages.find((p) => p.route === route)?.title ?? 'Sign in'} · ${environmentLabels[environment]} · Lectern console`;
  }, [route, environment]);

  if (route.startsWith('sign-in') || profile === null) {
    return <SignInPage token={route.startsWith('sign-in/') ? route.slice('sign-in/'.length) : undefined} onSignedIn={signedIn} />;
  }
  if (profile === undefined) return <p class="loading" role="status">Loading…</p>;

  // Pages this user may open (the Users page is for owners only).
  const visible = pages.filter((p) => !('ownersOnly' in p) || profile.user.role === 'owner');
  const current: PageRoute = visible.some((p) => p.route === route) ? (route as PageRoute) : 'keys';
  const switchEnvironment = (next: Environment) => {
    localStorage.setItem('lectern.environment', next);
    setEnvironment(next);
  };
  const signOut = async (everywhere: boolean) => {
    await api(everywhere ? 'POST' : 'DELETE', everywhere ? '/session/sign-out-everywhere' : '/session').catch((err: unknown) => {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
    });
    setProfile(null);
    location.hash = '#/sign-in';
  };

  return (
    <div class={`shell env-${environment}`}>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <div class="brand">
          <strong>Lectern</strong> <span class="account">{profile.account.name}</span>
        </div>
        <div class="environment">
          <label for="environment">Environment</label>
          <select id="environment" value={environment} onChange={(e) => switchEnvironment((e.target as HTMLSelectElement).value as Environment)}>
            {profile.environments.map((env) => (
              <option value={env} key={env}>
                {environmentLabels[env]}
              </option>
            ))}
          </select>
          <span class="env-badge" data-testid="active-environment" aria-live="polite">
            Active: {environmentLabels[environment]}
          </span>
        </div>
        <div class="who">
          <span>
            {profile.user.email} ({profile.user.role})
          </span>
          <button type="button" class="link" onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button type="button" class="link" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
        <nav aria-label="Console">
          <ul>
            {visible.map((page) => (
              <li key={page.route}>
                <a href={`#/${page.route}`} aria-current={page.route === current ? 'page' : undefined}>
                  {page.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {current === 'keys' && <KeysPage environment={environment} profile={profile} key={`keys-${environment}`} />}
        {current === 'webhooks' && <WebhooksPage environment={environment} profile={profile} key={`webhooks-${environment}`} />}
        {current === 'usage' && <UsagePage environment={environment} key={`usage-${environment}`} />}
        {current === 'logs' && <LogsPage environment={environment} key={`logs-${environment}`} />}
        {current === 'users' && <UsersPage profile={profile} />}
        {current === 'account' && <AccountPage profile={profile} />}
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
