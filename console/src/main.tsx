import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Environment, onSessionEnded, type Profile, setCsrfToken } from './api.js';
import { confirmLeave, Notice } from './components.js';
import { AccountPage } from './pages/account.js';
import { CoursesPage } from './pages/courses.js';
import { ImportsPage } from './pages/imports.js';
import { KeysPage } from './pages/keys.js';
import { LogsPage } from './pages/logs.js';
import { LtiPage } from './pages/lti.js';
import { SignInPage } from './pages/sign-in.js';
import { AuthorizePage } from './pages/authorize.js';
import { UsagePage } from './pages/usage.js';
import { UsersPage } from './pages/users.js';
import { WebhooksPage } from './pages/webhooks.js';
import './styles.css';

const pages = [
  { route: 'keys', title: 'API keys' },
  { route: 'webhooks', title: 'Webhooks' },
  { route: 'courses', title: 'Courses' },
  { route: 'imports', title: 'Imports' },
  { route: 'lti', title: 'LTI' },
  { route: 'usage', title: 'Usage' },
  { route: 'logs', title: 'Request log' },
  { route: 'users', title: 'Users', ownersOnly: true },
  { route: 'account', title: 'Your account' },
] as const;
type PageRoute = (typeof pages)[number]['route'];

const environmentLabels: Record<Environment, string> = { production: 'Production', development: 'Development', staging: 'Staging' };

/** Where to go back to after signing in again (the page the user was on when the session ended), per tab. */
const RETURN_TO = 'lectern.return-to';

/**
 * The route is the URL fragment (#/keys): the server serves one page, and a sign-in token in it
 * never reaches a log. Leaving a page that shows an uncopied secret asks first; a "no" puts the
 * address back without leaving.
 */
function useHashRoute(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    let shown = location.hash;
    const changed = () => {
      if (location.hash === shown) return;
      if (!confirmLeave()) {
        history.replaceState(null, '', shown || `${location.pathname}${location.search}`);
        return;
      }
      shown = location.hash;
      setHash(shown);
    };
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return hash.replace(/^#\/?/, '');
}

function App() {
  const route = useHashRoute();
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [environment, setEnvironment] = useState<Environment>(() => (localStorage.getItem('lectern.environment') as Environment | null) ?? 'production');

  const signedIn = (next: Profile) => {
    setCsrfToken(next.csrf_token);
    setProfile(next);
    setEnded(false);
    const back = sessionStorage.getItem(RETURN_TO);
    sessionStorage.removeItem(RETURN_TO);
    // Signed in from the sign-in page (a link, or a password there): back to where the user was, or the keys.
    if (location.hash === '' || location.hash.startsWith('#/sign-in')) location.hash = back ? `#/${back}` : '#/keys';
  };

  useEffect(() => {
    // A session ended elsewhere (signed out everywhere, expired, user removed): the sign-in page,
    // and after it the page the user was on.
    onSessionEnded(() => {
      const here = location.hash.replace(/^#\/?/, '');
      if (here && !here.startsWith('sign-in')) sessionStorage.setItem(RETURN_TO, here);
      setProfile((current) => {
        if (current) setEnded(true);
        return null;
      });
    });
    return () => onSessionEnded(null);
  }, []);

  useEffect(() => {
    if (route.startsWith('sign-in/')) return; // the sign-in page uses the link first
    api<{ data: Profile }>('GET', '/session')
      .then((r) => signedIn(r.data))
      .catch(() => setProfile(null));
  }, []);

  useEffect(() => {
    const title = profile ? (pages.find((p) => p.route === route)?.title ?? 'API keys') : 'Sign in';
    document.title = `${title} · ${environmentLabels[environment]} · Lectern console`;
  }, [route, environment, profile]);

  if (route.startsWith('sign-in') || profile === null) {
    return (
      <>
        {ended && (
          <div class="session-ended">
            <Notice>Your session has ended. Sign in again to go back to the page you were on.</Notice>
          </div>
        )}
        <SignInPage token={route.startsWith('sign-in/') ? route.slice('sign-in/'.length) : undefined} onSignedIn={signedIn} />
      </>
    );
  }
  if (profile === undefined) return <p class="loading" role="status">Loading…</p>;
  // The OAuth consent (GET /oauth/authorize sends the browser here), after the sign-in above if needed.
  if (route.startsWith('authorize?')) return <AuthorizePage query={route.slice('authorize?'.length)} profile={profile} />;

  // Pages this user may open (the Users page is for owners only).
  const visible = pages.filter((p) => !('ownersOnly' in p) || profile.user.role === 'owner');
  const current: PageRoute = visible.some((p) => p.route === route) ? (route as PageRoute) : 'keys';
  const switchEnvironment = (select: HTMLSelectElement) => {
    // An uncopied secret on screen: a "no" keeps the environment (and the secret).
    if (!confirmLeave()) {
      select.value = environment;
      return;
    }
    const next = select.value as Environment;
    localStorage.setItem('lectern.environment', next);
    setEnvironment(next);
  };
  const signOut = async (everywhere: boolean) => {
    if (!confirmLeave()) return;
    sessionStorage.removeItem(RETURN_TO);
    await api(everywhere ? 'POST' : 'DELETE', everywhere ? '/session/sign-out-everywhere' : '/session').catch((err: unknown) => {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
    });
    setProfile(null);
    location.hash = '#/sign-in';
  };

  return (
    <div class={`shell env-${environment}`}>
      {/* Not an address: the route is the fragment, so the link moves the focus itself. */}
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <div class="brand">
          <strong>Lectern</strong> <span class="account">{profile.account.name}</span>
        </div>
        {/* Small screens: who is signed in, and signing out, behind one button. */}
        <button type="button" class="secondary menu-button" aria-expanded={menuOpen} aria-controls="who" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <div class="environment">
          <label for="environment">Environment</label>
          <select id="environment" value={environment} onChange={(e) => switchEnvironment(e.target as HTMLSelectElement)}>
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
        <div class={menuOpen ? 'who open' : 'who'} id="who">
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
        {current === 'courses' && <CoursesPage environment={environment} key={`courses-${environment}`} />}
        {current === 'imports' && <ImportsPage environment={environment} profile={profile} key={`imports-${environment}`} />}
        {current === 'lti' && <LtiPage environment={environment} profile={profile} key={`lti-${environment}`} />}
        {current === 'usage' && <UsagePage environment={environment} key={`usage-${environment}`} />}
        {current === 'logs' && <LogsPage environment={environment} key={`logs-${environment}`} />}
        {current === 'users' && <UsersPage profile={profile} />}
        {current === 'account' && <AccountPage profile={profile} />}
      </main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
