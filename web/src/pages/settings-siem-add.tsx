import { useState } from 'preact/hooks';
import { api } from '../api';
import type { useAction } from '../action';

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

/**
 * The form that adds a SIEM target: the kind picks which fields show; empty optional fields
 * are left out so the server applies its defaults. Errors show in the panel (shared action).
 */
export function AddTargetForm({
  action,
  onAdded,
  onStart,
}: {
  action: ReturnType<typeof useAction>;
  onAdded: (targetId: string) => void;
  onStart: () => void;
}) {
  const [kind, setKind] = useState<Kind>('splunk');
  const [endpoint, setEndpoint] = useState('');
  const [events, setEvents] = useState('findings');
  const [fields, setFields] = useState<Record<string, string>>({});

  const add = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      onStart();
      const body: Record<string, unknown> = { kind, endpoint: endpoint.trim(), events };
      for (const f of FIELDS[kind]) {
        const v = fields[f.name]?.trim();
        if (v) body[f.name] = f.name === 'port' && /^\d+$/.test(v) ? Number(v) : v;
      }
      const t = await api<{ target_id: string }>('/siem/targets', { method: 'POST', body });
      setEndpoint('');
      setFields({});
      onAdded(t.target_id);
    });
  };

  return (
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
  );
}
