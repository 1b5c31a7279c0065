import { useState } from 'preact/hooks';
import { api } from '../api';
import { useAction } from '../action';
import { Badge, ConfirmStep, ErrorBox, useApi, when } from '../ui';

interface ApiKey {
  key_id: string;
  name: string;
  role: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  source_id: string | null;
}

interface CreatedKey extends ApiKey {
  key: string;
  secret: string;
}

const ROLES = ['ingest', 'viewer', 'analyst', 'admin'] as const;

/** API keys for an admin: create (the key is shown once, here), list, revoke. */
export function ApiKeysPanel() {
  const keys = useApi<{ keys: ApiKey[] }>('/keys');
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const action = useAction();

  const create = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      setCreated(await api<CreatedKey>('/keys', { method: 'POST', body: { name, role } }));
      setName('');
      keys.reload();
    });
  };
  const revoke = (id: string) =>
    void action.run(async () => {
      await api(`/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
      setRevoking(null);
      keys.reload();
    });

  return (
    <section class="panel" aria-labelledby="keys">
      <h2 id="keys">API keys</h2>
      {created && (
        <div class="once" role="status" aria-label="new API key">
          <p>
            <strong>Copy the key now: it is not shown again</strong> (only a hash is stored).
          </p>
          <dl>
            <dt>Key</dt>
            <dd>
              <code class="secret">{created.key}</code>
            </dd>
            <dt>Id and secret (for the token exchange)</dt>
            <dd>
              <code>{created.key_id}</code> <code>{created.secret}</code>
            </dd>
          </dl>
          <button type="button" onClick={() => setCreated(null)}>
            I have copied it
          </button>
        </div>
      )}
      <form class="filters" aria-label="create an API key" onSubmit={create}>
        <label>
          Key name
          <input
            name="key-name"
            required
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <label>
          Key role
          <select name="key-role" value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            {ROLES.map((r) => (
              <option value={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={action.busy || !name.trim()}>
          Create key
        </button>
      </form>
      <ErrorBox error={action.error ?? keys.error} />
      {keys.data && keys.data.keys.length === 0 && <p class="muted">No API keys.</p>}
      {keys.data && keys.data.keys.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>Id</th>
              <th>Name</th>
              <th>Role</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.data.keys.map((k) => (
              <tr>
                <td>
                  <code>{k.key_id}</code>
                </td>
                <td>{k.name}</td>
                <td>
                  <Badge kind={k.role === 'admin' ? 'warn' : 'ok'}>{k.role}</Badge>
                </td>
                <td>
                  {when(k.created_at)} by {k.created_by}
                </td>
                <td>{when(k.last_used_at)}</td>
                <td>
                  {revoking === k.key_id ? (
                    <ConfirmStep
                      verb="revoke"
                      doing="revoking"
                      subject={k.name}
                      busy={action.busy}
                      onConfirm={() => revoke(k.key_id)}
                      onCancel={() => setRevoking(null)}
                    />
                  ) : (
                    <button onClick={() => setRevoking(k.key_id)} aria-label={`revoke ${k.name}`}>
                      Revoke…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
