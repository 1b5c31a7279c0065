import { useState } from 'preact/hooks';
import { api } from '../api';
import { useAction } from '../action';
import { canAdmin, useUser } from '../session';
import { ErrorBox, useApi, when } from '../ui';

interface Retention {
  days: number | null;
  enforce: boolean;
  legal_holds: number;
  records_purged: number;
  storage_used_percent: number;
  next_run_at: string | null;
  warning: string | null;
}

interface Hold {
  hold_id: string;
  trace_id: string | null;
  session_id: string | null;
  agent: string | null;
  since: string | null;
  until: string | null;
  reason: string;
  case_ref: string | null;
  created_at: string;
  created_by: string;
}

const SELECTORS = ['agent', 'session', 'trace'] as const;

const covers = (h: Hold): string =>
  h.trace_id
    ? `trace ${h.trace_id}`
    : h.session_id
      ? `session ${h.session_id}`
      : h.agent
        ? `agent ${h.agent}`
        : `${when(h.since)} to ${when(h.until)}`;

/** Retention window and legal holds: read by everyone, changed by an admin. */
export function RetentionPanel() {
  const admin = canAdmin(useUser());
  const retention = useApi<Retention>('/retention');
  const holds = useApi<{ holds: Hold[] }>('/retention/holds');
  const [days, setDays] = useState('');
  const [enforce, setEnforce] = useState<boolean | null>(null);
  const [selector, setSelector] = useState<string>('agent');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [releasing, setReleasing] = useState<string | null>(null);
  const [releaseReason, setReleaseReason] = useState('');
  const action = useAction();
  const r = retention.data;

  const savePolicy = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      await api('/retention', {
        method: 'PUT',
        body: {
          ...(days.trim() ? { days: Number(days) } : {}),
          enforce: enforce ?? r?.enforce ?? false,
        },
      });
      setDays('');
      retention.reload();
    });
  };
  const addHold = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      await api('/retention/holds', {
        method: 'POST',
        body: { [selector]: target.trim(), reason: reason.trim() },
      });
      setTarget('');
      setReason('');
      holds.reload();
      retention.reload();
    });
  };
  const release = (id: string) =>
    void action.run(async () => {
      await api(`/retention/holds/${encodeURIComponent(id)}/release`, {
        method: 'POST',
        body: { reason: releaseReason.trim() },
      });
      setReleasing(null);
      setReleaseReason('');
      holds.reload();
      retention.reload();
    });

  return (
    <section class="panel" aria-labelledby="ret">
      <h2 id="ret">Retention and legal holds</h2>
      <ErrorBox error={retention.error ?? holds.error} />
      {r && (
        <p>
          {r.days
            ? `Records older than ${r.days} days ${r.enforce ? 'are purged' : 'would be purged (not enforced)'}.`
            : 'No retention policy: records are kept.'}{' '}
          {r.legal_holds} legal holds, {r.records_purged} records purged, storage{' '}
          {r.storage_used_percent}% used.
        </p>
      )}
      {r?.warning && <p class="muted small">{r.warning}</p>}
      {admin && r && (
        <form class="filters" aria-label="retention policy" onSubmit={savePolicy}>
          <label>
            Retention days (7 to 365)
            <input
              name="retention-days"
              inputMode="numeric"
              placeholder={r.days === null ? '' : String(r.days)}
              value={days}
              onInput={(e) => setDays(e.currentTarget.value)}
            />
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="enforce"
              checked={enforce ?? r.enforce}
              onChange={(e) => setEnforce(e.currentTarget.checked)}
            />{' '}
            Purge on a schedule
          </label>
          <button type="submit" disabled={action.busy}>
            Save policy
          </button>
        </form>
      )}
      {holds.data && holds.data.holds.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>Hold</th>
              <th>Covers</th>
              <th>Reason</th>
              <th>Placed</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {holds.data.holds.map((h) => (
              <tr>
                <td>
                  <code>{h.hold_id}</code>
                </td>
                <td>{covers(h)}</td>
                <td>
                  {h.reason}
                  {h.case_ref ? ` (${h.case_ref})` : ''}
                </td>
                <td>
                  {when(h.created_at)} by {h.created_by}
                </td>
                <td>
                  {admin &&
                    (releasing === h.hold_id ? (
                      <form
                        aria-label={`release ${h.hold_id}`}
                        onSubmit={(e) => {
                          e.preventDefault();
                          release(h.hold_id);
                        }}
                      >
                        <input
                          aria-label="release reason"
                          required
                          value={releaseReason}
                          onInput={(e) => setReleaseReason(e.currentTarget.value)}
                        />{' '}
                        <button type="submit" disabled={action.busy || !releaseReason.trim()}>
                          Release
                        </button>
                      </form>
                    ) : (
                      <button onClick={() => setReleasing(h.hold_id)}>Release…</button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin && (
        <form class="filters" aria-label="place a legal hold" onSubmit={addHold}>
          <label>
            Hold by
            <select
              name="hold-selector"
              value={selector}
              onChange={(e) => setSelector(e.currentTarget.value)}
            >
              {SELECTORS.map((s) => (
                <option value={s}>{s}</option>
              ))}
            </select>
          </label>
          <label>
            Held {selector}
            <input
              name="hold-target"
              required
              value={target}
              onInput={(e) => setTarget(e.currentTarget.value)}
            />
          </label>
          <label>
            Hold reason
            <input
              name="hold-reason"
              required
              value={reason}
              onInput={(e) => setReason(e.currentTarget.value)}
            />
          </label>
          <button type="submit" disabled={action.busy || !target.trim() || !reason.trim()}>
            Place hold
          </button>
        </form>
      )}
      <ErrorBox error={action.error} />
    </section>
  );
}
