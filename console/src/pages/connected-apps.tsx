import { useEffect, useState } from 'preact/hooks';
import { api, type Environment } from '../api.js';
import { describeError, Notice, TableRegion, useLatest, when } from '../components.js';

/** An assistant a user connected by OAuth sign-in (docs/mcp.md, "OAuth sign-in"). */
export interface OAuthGrant {
  id: string;
  client_id: string;
  client_name: string;
  user_email: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
}

/** The API keys page's "Connected apps (OAuth)": the environment's live grants, revocable by owners and developers. */
export function ConnectedApps({ environment, canManage }: { environment: Environment; canManage: boolean }) {
  const base = `/environments/${environment}/oauth-grants`;
  const [grants, setGrants] = useState<OAuthGrant[]>([]);
  const [error, setError] = useState<string | null>(null);
  const latest = useLatest();
  const load = () => latest(api<{ data: OAuthGrant[] }>('GET', base), (r) => setGrants(r.data)).catch((err: unknown) => setError(describeError(err)));
  useEffect(() => void load(), [environment]);

  const revoke = async (grant: OAuthGrant) => {
    if (!confirm(`Revoke "${grant.client_name}" (connected by ${grant.user_email})? Its tokens stop working now.`)) return;
    setError(null);
    try {
      await api('POST', `${base}/${grant.id}/revoke`);
      await load();
    } catch (err) {
      setError(describeError(err));
    }
  };

  return (
    <section aria-labelledby="connected-apps">
      <h2 id="connected-apps">Connected apps (OAuth)</h2>
      <p class="hint">Assistants that connected to this environment's MCP server by sign-in. Revoking one stops its tokens at once.</p>
      {error && <Notice error>{error}</Notice>}
      {grants.length === 0 ? (
        <p>No connected apps in this environment.</p>
      ) : (
        <TableRegion label="Connected apps">
          <table>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">User</th>
                <th scope="col">Environment</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {grants.map((grant) => (
                <tr key={grant.id}>
                  <td data-label="App">{grant.client_name}</td>
                  <td data-label="User">{grant.user_email}</td>
                  <td data-label="Environment">{environment}</td>
                  <td data-label="Scopes">{grant.scopes.join(', ')}</td>
                  <td data-label="Created">{when(grant.created_at)}</td>
                  <td data-label="Last used">{grant.last_used_at ? when(grant.last_used_at) : 'never'}</td>
                  <td data-label="Expires">{when(grant.expires_at)}</td>
                  {canManage && (
                    <td class="row-actions" data-label="Actions">
                      <button type="button" class="danger" onClick={() => void revoke(grant)} aria-label={`Revoke ${grant.client_name}`}>
                        Revoke
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
