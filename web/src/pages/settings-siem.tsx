import { useState } from 'preact/hooks';
import { api } from '../api';
import { useAction } from '../action';
import { canAdmin, useUser } from '../session';
import { Badge, ErrorBox, useApi, when } from '../ui';

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

const KINDS = ['splunk', 'sentinel', 'syslog'] as const;
type Kind = (typeof KINDS)[number];

/** Each kind's own fields, as `evid siem add` takes them (the server checks them again). */
interface Field {
  name: string;
  label: string;
  secret?: true;
  /** A closed list: the first is the server's default. */
  choices?: readonly string[];
}

const FIELDS: Record<Kind, Field[]> = {
  splunk: [
    { name: 'token', label: 'HEC token', secret: true },
    { name: 'index', label: 'Index (optional)' },
    { name: 'sourcetype', label: 'Sourcetype (optional)' },
  ],
  sentinel: [
    { name: 'dcr_id', label: 'DCR immutable id' },
    { name: 'stream', label: 'Stream' },
    { name: 'tenant_id', label: 'Tenant id' },
    { name: 'client_id', label: 'Client id' },
    { name: 'client_secret', label: 'Client secret', secret: true },
  ],
  syslog: [
    { name: 'port', label: 'Port (optional)' },
    { name: 'protocol', label: 'Protocol', choices: ['udp', 'tcp', 'tls'] },
    { name: 'format', label: 'Format', choices: ['rfc5424', 'cef'] },
  ],
};

const ENDPOINT: Record<Kind, string> = {
  splunk: 'HEC URL',
  sentinel: 'Data collection endpoint URL',
  syslog: 'Host',
};

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
  const [kind, setKind] = useState<Kind>('splunk');
  const [endpoint, setEndpoint] = useState('');
  const [events, setEvents] = useState('findings');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const action = useAction();

  const add = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      setSaid(undefined);
      const body: Record<string, unknown> = { kind, endpoint: endpoint.trim(), events };
      for (const f of FIELDS[kind]) {
        const v = fields[f.name]?.trim();
        if (v) body[f.name] = f.name === 'port' && /^\d+$/.test(v) ? Number(v) : v;
      }
      const t = await api<Target>('/siem/targets', { method: 'POST', body });
      setEndpoint('');
      setFields({});
      setSaid({ ok: true, text: `Added ${t.target_id}; send it a test event to check it.` });
      targets.reload();
    });
  };
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
                      <>
                        <button
                          class="danger"
                          disabled={action.busy}
                          onClick={() => remove(t)}
                          aria-label={`confirm removing ${t.target_id}`}
                        >
                          Yes, remove
                        </button>{' '}
                        <button onClick={() => setRemoving(null)}>Cancel</button>
                      </>
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
        <form class="filters" aria-label="add a SIEM target" onSubmit={add}>
          <label>
            Kind
            <select
              name="siem-kind"
              value={kind}
              onChange={(e) => {
                setKind(e.currentTarget.value as Kind);
                setFields({});
              }}
            >
              {KINDS.map((k) => (
                <option value={k}>{k}</option>
              ))}
            </select>
          </label>
          <label>
            {ENDPOINT[kind]}
            <input
              name="siem-endpoint"
              required
              value={endpoint}
              onInput={(e) => setEndpoint(e.currentTarget.value)}
            />
          </label>
          <label>
            Events
            <select
              name="siem-events"
              value={events}
              onChange={(e) => setEvents(e.currentTarget.value)}
            >
              <option value="findings">findings, kill switch, verify failures</option>
              <option value="all">all (also every event)</option>
            </select>
          </label>
          {FIELDS[kind].map((f) => {
            const value = fields[f.name] ?? '';
            const set = (e: { currentTarget: HTMLInputElement }) =>
              setFields({ ...fields, [f.name]: e.currentTarget.value });
            return (
              <label>
                {f.label}
                {f.choices ? (
                  <select
                    name={`siem-${f.name}`}
                    value={value || f.choices[0]}
                    onChange={(e) => setFields({ ...fields, [f.name]: e.currentTarget.value })}
                  >
                    {f.choices.map((c) => (
                      <option value={c}>{c}</option>
                    ))}
                  </select>
                ) : f.secret ? (
                  <input
                    name={`siem-${f.name}`}
                    type="password"
                    autoComplete="off"
                    value={value}
                    onInput={set}
                  />
                ) : (
                  <input name={`siem-${f.name}`} value={value} onInput={set} />
                )}
              </label>
            );
          })}
          <button type="submit" disabled={action.busy || !endpoint.trim()}>
            Add target
          </button>
        </form>
      )}
      <ErrorBox error={action.error} />
    </section>
  );
}
