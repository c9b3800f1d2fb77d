import { useEffect, useState } from 'preact/hooks';
import { api, type Environment, type Profile } from '../api.js';
import { describeError, Notice } from '../components.js';

interface ConsentView {
  client?: { client_id: string; name: string };
  requested_scopes?: string[];
  grantable_scopes?: string[];
  /** The request was refused (a bad scope, PKCE…): where the browser goes with the error. */
  redirect_to?: string;
}

const environmentLabels: Record<Environment, string> = { production: 'Production', development: 'Development', staging: 'Staging' };

/**
 * The OAuth consent (#/authorize?…, where GET /oauth/authorize sends the browser after checking the
 * client and its redirect URI): the signed-in user picks the environment and the scopes (those asked
 * for, pre-ticked, within what their role may grant), then Approve or Deny. The server answers
 * where to go next; the page only follows it.
 */
export function AuthorizePage({ query, profile }: { query: string; profile: Profile }) {
  const request = Object.fromEntries(new URLSearchParams(query));
  const [view, setView] = useState<ConsentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [environment, setEnvironment] = useState<Environment>('production');
  const [scopes, setScopes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<{ data: ConsentView }>('GET', `/oauth/authorize?${query}`)
      .then((r) => {
        if (r.data.redirect_to) return location.assign(r.data.redirect_to);
        setView(r.data);
        setScopes((r.data.requested_scopes ?? []).filter((s) => r.data.grantable_scopes?.includes(s)));
      })
      .catch((err: unknown) => setError(describeError(err)));
  }, [query]);

  const decide = async (approve: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ data: { redirect_to: string } }>('POST', '/oauth/authorize', { request, approve, environment, scopes });
      location.assign(r.data.redirect_to);
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };

  if (error && !view) return <main id="main" class="authorize"><Notice error>{error}</Notice></main>;
  if (!view?.client) return <p class="loading" role="status">Loading…</p>;
  const toggle = (scope: string, on: boolean) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope));

  return (
    <main id="main" class="authorize">
      <h1>Connect {view.client.name} to Lectern</h1>
      <p>
        <strong>{view.client.name}</strong> asks to act as you ({profile.user.email}) in {profile.account.name}. It gets only the environment and
        scopes you pick here, until you revoke it on the API keys page.
      </p>
      {error && <Notice error>{error}</Notice>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void decide(true);
        }}
      >
        <label for="authorize-environment">Environment</label>
        <select id="authorize-environment" value={environment} onChange={(e) => setEnvironment((e.target as HTMLSelectElement).value as Environment)}>
          {profile.environments.map((env) => (
            <option value={env} key={env}>
              {environmentLabels[env]}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>Scopes</legend>
          {(view.grantable_scopes ?? []).map((scope) => (
            <label key={scope} class="inline">
              <input type="checkbox" name="scope" value={scope} checked={scopes.includes(scope)} onChange={(e) => toggle(scope, (e.target as HTMLInputElement).checked)} />
              {scope}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy || scopes.length === 0}>
          Approve
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => void decide(false)}>
          Deny
        </button>
      </form>
    </main>
  );
}
