import { useState } from 'preact/hooks';
import { api } from '../api';
import { useAction } from '../action';
import { useUser } from '../session';
import { Badge, ConfirmStep, ErrorBox, useApi, when } from '../ui';

interface User {
  user_id: string;
  email: string;
  role: string;
  created_at: string;
  created_by: string;
  last_login_at: string | null;
}

const ROLES = ['viewer', 'analyst', 'admin'] as const;
/** The server's rule (src/admin/password.ts); it checks again and names the field. */
const MIN_PASSWORD = 12;

/**
 * Dashboard users for an admin (the server answers 403 to anyone else): add with a role and
 * a password, change the role, set a new password, remove. Each a view over `evid admin users`.
 */
export function UsersPanel() {
  const me = useUser();
  const users = useApi<{ users: User[] }>('/users');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [password, setPassword] = useState('');
  /** The user whose row shows a form: a new password, or the removal confirmation. */
  const [open, setOpen] = useState<{ id: string; what: 'password' | 'remove' } | null>(null);
  const [newPassword, setNewPassword] = useState('');
  /** Roles picked in the table and not saved yet, by user_id. */
  const [roles, setRoles] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string>();
  const action = useAction();

  const write = (what: () => Promise<string>) =>
    void action.run(async () => {
      setDone(undefined);
      setDone(await what());
      users.reload();
    });
  const add = (e: Event) => {
    e.preventDefault();
    write(async () => {
      const u = await api<User>('/users', { method: 'POST', body: { email, role, password } });
      setEmail('');
      setPassword('');
      return `Added ${u.email} as ${u.role}.`;
    });
  };
  const setUserRole = (u: User, next: string) =>
    write(async () => {
      await api(`/users/${encodeURIComponent(u.user_id)}/role`, {
        method: 'PUT',
        body: { role: next },
      });
      const { [u.user_id]: _saved, ...rest } = roles;
      setRoles(rest);
      return `${u.email} is now ${next}.`;
    });
  const resetPassword = (u: User) =>
    write(async () => {
      await api(`/users/${encodeURIComponent(u.user_id)}/password`, {
        method: 'PUT',
        body: { password: newPassword },
      });
      setOpen(null);
      setNewPassword('');
      return `New password set for ${u.email}.`;
    });
  const remove = (u: User) =>
    write(async () => {
      await api(`/users/${encodeURIComponent(u.user_id)}`, { method: 'DELETE' });
      setOpen(null);
      return `Removed ${u.email}.`;
    });

  return (
    <section class="panel" aria-labelledby="users">
      <h2 id="users">Users</h2>
      <form class="filters" aria-label="add a user" onSubmit={add}>
        <label>
          User e-mail
          <input
            name="user-email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          User role
          <select name="user-role" value={role} onChange={(e) => setRole(e.currentTarget.value)}>
            {ROLES.map((r) => (
              <option value={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          Password (at least {MIN_PASSWORD} characters)
          <input
            name="user-password"
            type="password"
            required
            minLength={MIN_PASSWORD}
            autoComplete="new-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={action.busy || !email.trim() || !password}>
          Add user
        </button>
      </form>
      <ErrorBox error={action.error ?? users.error} />
      {done && !action.error && (
        <p class="muted" role="status">
          {done}
        </p>
      )}
      {users.data && users.data.users.length === 0 && (
        <p class="muted">No dashboard users besides single sign-on.</p>
      )}
      {users.data && users.data.users.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Role</th>
              <th>Created</th>
              <th>Last sign-in</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((u) => (
              <tr>
                <td>
                  {u.email}
                  {u.user_id === me.user_id && <span class="muted"> (you)</span>}
                </td>
                <td>
                  {/* A role changes on Save only: arrowing through the list must not write. */}
                  <select
                    aria-label={`role of ${u.email}`}
                    value={roles[u.user_id] ?? u.role}
                    onChange={(e) => setRoles({ ...roles, [u.user_id]: e.currentTarget.value })}
                  >
                    {ROLES.map((r) => (
                      <option value={r}>{r}</option>
                    ))}
                  </select>{' '}
                  {(roles[u.user_id] ?? u.role) !== u.role ? (
                    <button
                      disabled={action.busy}
                      onClick={() => setUserRole(u, roles[u.user_id]!)}
                      aria-label={`save role of ${u.email}`}
                    >
                      Save role
                    </button>
                  ) : (
                    u.role === 'admin' && <Badge kind="warn">admin</Badge>
                  )}
                </td>
                <td>
                  {when(u.created_at)} by {u.created_by}
                </td>
                <td>{when(u.last_login_at)}</td>
                <td>
                  {open?.id === u.user_id && open.what === 'password' ? (
                    <form
                      aria-label={`new password for ${u.email}`}
                      onSubmit={(e) => {
                        e.preventDefault();
                        resetPassword(u);
                      }}
                    >
                      <input
                        type="password"
                        aria-label={`new password for ${u.email}`}
                        required
                        minLength={MIN_PASSWORD}
                        autoComplete="new-password"
                        value={newPassword}
                        onInput={(e) => setNewPassword(e.currentTarget.value)}
                      />{' '}
                      <button type="submit" disabled={action.busy || !newPassword}>
                        Set password
                      </button>{' '}
                      <button type="button" onClick={() => setOpen(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : open?.id === u.user_id && open.what === 'remove' ? (
                    <ConfirmStep
                      verb="remove"
                      doing="removing"
                      subject={u.email}
                      busy={action.busy}
                      onConfirm={() => remove(u)}
                      onCancel={() => setOpen(null)}
                    />
                  ) : (
                    <>
                      <button
                        onClick={() => setOpen({ id: u.user_id, what: 'password' })}
                        aria-label={`new password for ${u.email}`}
                      >
                        New password…
                      </button>{' '}
                      {/* Removing yourself would end this session: the CLI can, this page won't offer it. */}
                      {u.user_id !== me.user_id && (
                        <button
                          onClick={() => setOpen({ id: u.user_id, what: 'remove' })}
                          aria-label={`remove ${u.email}`}
                        >
                          Remove…
                        </button>
                      )}
                    </>
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
