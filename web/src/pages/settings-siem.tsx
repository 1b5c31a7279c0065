import { useState } from 'preact/hooks';
import { api } from '../api';
import { useAction } from '../action';
import { canAdmin, useUser } from '../session';
import { Badge, ConfirmStep, ErrorBox, useApi, when } from '../ui';
import { AddTargetForm } from './settings-siem-add';

interface Target {
  target_id: string;
  kind: string;
  endpoint: string;
  events: string;
  options: Record<string, string | number>;
  secret: string | null;
  state: 'idle' | 'sending' | 'error';
  last_event_at: string | null;
  forwarded_count: number;
  error_count: number;
  queue_depth: number;
  last_error: string | null;
}

const options = (t: Target): string =>
  Object.entries(t.options)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');

/**
 * SIEM targets and monitoring alert channels with their delivery state, for everyone who
 * reads; an admin adds (the secret goes to the server's 0600 file and is never shown again),
 * sends a test event and removes. Each a view over `evid siem`.
 */
export function SiemPanel() {
  const admin = canAdmin(useUser());
  const targets = useApi<{ targets: Target[] }>('/siem/targets');
  const [removing, setRemoving] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const action = useAction();

  const test = (t: Target) =>
    void action.run(async () => {
      setSaid(undefined);
      const r = await api<{ ok: boolean; answer: string }>(
        `/siem/targets/${encodeURIComponent(t.target_id)}/test`,
        { method: 'POST' },
      );
      setSaid({ ok: r.ok, text: `${t.target_id}: ${r.ok ? 'accepted' : 'refused'}: ${r.answer}` });
    });
  const remove = (t: Target) =>
    void action.run(async () => {
      setSaid(undefined);
      const r = await api<{ undelivered: number }>(
        `/siem/targets/${encodeURIComponent(t.target_id)}`,
        { method: 'DELETE' },
      );
      setRemoving(null);
      setSaid({
        ok: true,
        text: `Removed ${t.target_id}${r.undelivered ? `; ${r.undelivered} queued events will not be sent` : ''}.`,
      });
      targets.reload();
    });

  const list = targets.data?.targets;
  return (
    <section class="panel" aria-labelledby="siem">
      <h2 id="siem">SIEM targets</h2>
      <ErrorBox error={targets.error} />
      {list && list.length === 0 && (
        <p class="muted">
          None.{' '}
          {admin ? (
            'Add one below.'
          ) : (
            <>
              An admin adds one here or with <code>evid siem add</code>.
            </>
          )}
        </p>
      )}
      {list && list.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>Target</th>
              <th>Endpoint</th>
              <th>State</th>
              <th class="num">Sent</th>
              <th class="num">Queued</th>
              <th class="num">Errors</th>
              <th>Last delivery</th>
              <th>Last error</th>
              {admin && <th />}
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <tr>
                <td>
                  <code>{t.target_id}</code>
                  <br />
                  {t.kind}, {t.events}
                  {t.secret ? `, secret ${t.secret}` : ''}
                </td>
                <td>
                  <code>{t.endpoint}</code>
                  <br />
                  <span class="muted small">{options(t)}</span>
                </td>
                <td>
                  <Badge kind={t.state === 'error' ? 'bad' : t.state === 'idle' ? 'ok' : 'warn'}>
                    {t.state}
                  </Badge>
                </td>
                <td class="num">{t.forwarded_count}</td>
                <td class="num">{t.queue_depth}</td>
                <td class="num">{t.error_count}</td>
                <td>{when(t.last_event_at)}</td>
                <td class="small">{t.last_error ?? '–'}</td>
                {admin && (
                  <td>
                    {removing === t.target_id ? (
                      <ConfirmStep
                        verb="remove"
                        doing="removing"
                        subject={t.target_id}
                        busy={action.busy}
                        onConfirm={() => remove(t)}
                        onCancel={() => setRemoving(null)}
                      />
                    ) : (
                      <>
                        <button
                          disabled={action.busy}
                          onClick={() => test(t)}
                          aria-label={`send a test event to ${t.target_id}`}
                        >
                          Test
                        </button>{' '}
                        <button
                          onClick={() => setRemoving(t.target_id)}
                          aria-label={`remove ${t.target_id}`}
                        >
                          Remove…
                        </button>
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {said && (
        <p class={said.ok ? 'muted' : 'error'} role="status">
          {said.text}
        </p>
      )}
      {admin && (
        <AddTargetForm
          action={action}
          onAdded={(id) => {
            setSaid({ ok: true, text: `Added ${id}; send it a test event to check it.` });
            targets.reload();
          }}
          onStart={() => setSaid(undefined)}
        />
      )}
      <ErrorBox error={action.error} />
    </section>
  );
}
