import { Badge, ErrorBox, Page, useApi, when } from '../ui';
import { canAdmin, useUser } from '../session';
import { ApiKeysPanel } from './settings-keys';
import { RetentionPanel } from './settings-retention';
import { SiemPanel } from './settings-siem';
import { UsersPanel } from './settings-users';

interface Source {
  source_id: string;
  type: string;
  name: string;
  status: string;
  endpoint: string | null;
  last_event_at: string | null;
  event_count: number;
}

export function SettingsPage() {
  const user = useUser();
  const sources = useApi<{ sources: Source[] }>('/sources');
  const admin = canAdmin(user);
  return (
    <Page title="Settings">
      <section class="panel" aria-labelledby="you">
        <h2 id="you">You</h2>
        <p>
          {user.email}, role <strong>{user.role}</strong>; previous sign-in{' '}
          {when(user.last_login_at)}.
        </p>
      </section>
      <section class="panel" aria-labelledby="src">
        <h2 id="src">Sources</h2>
        <ErrorBox error={sources.error} />
        {sources.data && sources.data.sources.length === 0 && (
          <p class="muted">
            None. Add one with <code>evid sources add</code>.
          </p>
        )}
        {sources.data && sources.data.sources.length > 0 && (
          <table class="list">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Endpoint</th>
                <th>State</th>
                <th class="num">Events</th>
                <th>Last event</th>
              </tr>
            </thead>
            <tbody>
              {sources.data.sources.map((s) => (
                <tr>
                  <td>{s.name}</td>
                  <td>{s.type}</td>
                  <td>
                    <code>{s.endpoint ?? '–'}</code>
                  </td>
                  <td>
                    <Badge kind={s.status === 'active' ? 'ok' : 'warn'}>{s.status}</Badge>
                  </td>
                  <td class="num">{s.event_count}</td>
                  <td>{when(s.last_event_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <SiemPanel />
      <RetentionPanel />
      {admin && <UsersPanel />}
      {admin && <ApiKeysPanel />}
      <section class="panel" aria-labelledby="cli">
        <h2 id="cli">From the command line</h2>
        <p class="muted">Everything on this page is also a command (and a REST route):</p>
        <ul>
          <li>
            Users: <code>evid admin users add | list | set-role | reset-password | remove</code>
          </li>
          <li>
            API keys: <code>audit token create | list | revoke</code>
          </li>
          <li>
            SIEM targets: <code>evid siem add | list | status | test | remove | flush</code>
          </li>
          <li>
            Retention and holds: <code>evid retention set | hold</code>
          </li>
        </ul>
      </section>
    </Page>
  );
}
