import { useEffect, useState } from 'preact/hooks';
import { type ApiKey, api, type Environment, type Page, type Profile } from '../api.js';
import { ConnectedApps } from './connected-apps.js';
import { confirmLeave, describeError, keepEnterOnCheckbox, Notice, OnceSecret, TableRegion, useLatest, when } from '../components.js';

/** How long the old secret keeps working after a rotation: `short` in the row, `label` in the confirmation. */
const graceChoices = [
  { seconds: 0, short: 'none', label: 'no time: the old key stops now' },
  { seconds: 3600, short: '1 h', label: '1 hour' },
  { seconds: 86_400, short: '24 h', label: '24 hours' },
  { seconds: 604_800, short: '7 days', label: '7 days' },
];

/** A rotated key's old secret, while it still works. */
const inGrace = (key: ApiKey) => Boolean(key.previous_key_hint && key.previous_key_expires_at && key.previous_key_expires_at > new Date().toISOString());

const stateOf = (key: ApiKey) => (key.revoked_at ? 'Revoked' : key.expires_at && key.expires_at <= new Date().toISOString() ? 'Expired' : 'Active');

/** The API keys of the active environment: list, create (shown once), rotate with a grace period, revoke. */
export function KeysPage({ environment, profile }: { environment: Environment; profile: Profile }) {
  const base = `/environments/${environment}/api-keys`;
  const canManage = profile.user.role !== 'viewer';
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<{ label: string; value: string } | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['*']);
  const [grace, setGrace] = useState<Record<string, number>>({});

  const latest = useLatest();
  const load = () => latest(api<Page<ApiKey>>('GET', base), (r) => setKeys(r.data)).catch((err: unknown) => setError(describeError(err)));
  useEffect(() => void load(), [environment]);

  const act = async (run: () => Promise<void>) => {
    setError(null);
    try {
      await run();
      await load();
    } catch (err) {
      setError(describeError(err));
    }
  };

  const create = (event: Event) => {
    event.preventDefault();
    // A new secret would replace one still on screen and not copied.
    if (!confirmLeave()) return;
    void act(async () => {
      const created = (await api<{ data: ApiKey }>('POST', base, { name, scopes })).data;
      setFresh({ label: `New key "${created.name}"`, value: created.key ?? '' });
      setName('');
    });
  };
  const rotate = (key: ApiKey) =>
    act(async () => {
      const seconds = grace[key.id] ?? 86_400;
      if (!confirmLeave()) return;
      if (!confirm(`Rotate "${key.name}"? The old key keeps working for ${graceChoices.find((g) => g.seconds === seconds)?.label ?? `${seconds} s`}.`)) return;
      const rotated = (await api<{ data: ApiKey }>('POST', `${base}/${key.id}/rotate`, { grace_period_seconds: seconds })).data;
      setFresh({ label: `Rotated key "${rotated.name}"`, value: rotated.key ?? '' });
    });
  const revoke = (key: ApiKey) =>
    act(async () => {
      if (!confirm(`Revoke "${key.name}"? Every request with it will be refused at once. This cannot be undone.`)) return;
      await api('POST', `${base}/${key.id}/revoke`);
    });
  const toggleScope = (scope: string, on: boolean) => {
    if (scope === '*') return setScopes(on ? ['*'] : []);
    setScopes((current) => (on ? [...current.filter((s) => s !== '*'), scope] : current.filter((s) => s !== scope)));
  };

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title" tabIndex={-1}>
        API keys
      </h1>
      {error && <Notice error>{error}</Notice>}
      {fresh && <OnceSecret label={fresh.label} value={fresh.value} onDone={() => setFresh(null)} returnFocus="keys-title" />}
      {canManage ? (
        <form class="card" onSubmit={create} aria-labelledby="create-key-title">
          <h2 id="create-key-title">Create a key</h2>
          <label for="key-name">Name</label>
          <input id="key-name" required maxLength={100} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          <fieldset onKeyDown={keepEnterOnCheckbox}>
            <legend>Scopes</legend>
            <div class="choices">
              {profile.scopes.map((scope) => (
                <label key={scope} class="choice">
                  <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggleScope(scope, (e.target as HTMLInputElement).checked)} />
                  {scope === '*' ? 'Every scope (*)' : scope}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={scopes.length === 0}>
            Create key
          </button>
        </form>
      ) : (
        <Notice>You are a viewer: you can see the keys but not create, rotate or revoke them.</Notice>
      )}
      <TableRegion label="API keys">
        <table>
          <caption>Keys of this environment</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Environment</th>
              <th scope="col">Scopes</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
              {canManage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <th scope="row" data-label="Name">
                  {key.name}
                </th>
                <td data-label="Environment">{key.environment}</td>
                <td data-label="Scopes">{key.scopes.join(', ')}</td>
                <td data-label="Key">
                  <code>{key.key_hint}</code>
                  {inGrace(key) && (
                    <span class="previous" data-testid="previous-key">
                      previous secret <code>{key.previous_key_hint}</code> valid until {when(key.previous_key_expires_at)}
                    </span>
                  )}
                </td>
                <td class="time" data-label="Created">
                  {when(key.created_at)}
                </td>
                <td class="time" data-label="Last used">
                  {when(key.last_used_at)}
                </td>
                <td class="time" data-label="Expires">
                  {when(key.expires_at)}
                </td>
                <td data-label="State">{stateOf(key)}</td>
                {canManage && (
                  <td class="row-actions" data-label="Actions">
                    {!key.revoked_at && (
                      <>
                        <label class="inline">
                          <span class="visually-hidden">Grace period for {key.name}</span>
                          <select
                            value={grace[key.id] ?? 86_400}
                            onChange={(e) => setGrace({ ...grace, [key.id]: Number((e.target as HTMLSelectElement).value) })}
                          >
                            {graceChoices.map((g) => (
                              <option key={g.seconds} value={g.seconds}>
                                Grace: {g.short}
                              </option>
                            ))}
                          </select>
                        </label>
                        <button type="button" onClick={() => void rotate(key)} aria-label={`Rotate ${key.name}`}>
                          Rotate
                        </button>
                        <button type="button" class="danger" onClick={() => void revoke(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </button>
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {keys.length === 0 && <p>No keys in this environment yet.</p>}
      {/* ── OAuth: assistants connected by sign-in (connected-apps.tsx) ── */}
      <ConnectedApps environment={environment} canManage={canManage} />
    </section>
  );
}
