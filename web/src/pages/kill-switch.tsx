import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { canAdmin, useUser } from '../session';
import { Badge, ErrorBox, Loading, Page, useApi, when } from '../ui';

interface SwitchState {
  scope: 'global' | 'agent';
  agent: string | null;
  active: boolean;
  reason: string;
  actor: string;
  changed_at: string;
  refused: number;
}

interface Status {
  active: boolean;
  global: SwitchState | null;
  agents: SwitchState[];
  stops: string[];
  history: Array<{
    scope: string;
    agent: string | null;
    action: string;
    reason: string;
    actor: string;
    at: string;
  }>;
}

export function KillSwitchPage() {
  const user = useUser();
  const s = useApi<Status>('/kill-switch');
  const [agent, setAgent] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const toggle = async (action: 'activate' | 'deactivate', target: string | null, why: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await api(`/kill-switch/${action}`, {
        method: 'POST',
        body: target ? { reason: why, agent: target } : { reason: why },
      });
      setConfirming(false);
      setReason('');
      s.reload();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (s.error)
    return (
      <Page title="Kill switch">
        <ErrorBox error={s.error} />
      </Page>
    );
  if (!s.data)
    return (
      <Page title="Kill switch">
        <Loading what="the kill switch" />
      </Page>
    );
  const active = [s.data.global, ...s.data.agents].filter((x): x is SwitchState =>
    Boolean(x?.active),
  );
  const admin = canAdmin(user);
  return (
    <Page title="Kill switch">
      <p class={`banner ${s.data.active ? 'danger' : 'calm'}`} role="status">
        {s.data.active
          ? `Active: intake refused for ${s.data.global?.active ? 'every agent' : active.map((a) => a.agent).join(', ')}`
          : 'Released: intake is open.'}
        <span class="muted small"> Stops: {s.data.stops.join(', ')}.</span>
      </p>
      {active.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>Scope</th>
              <th>Reason</th>
              <th>By</th>
              <th>Since</th>
              <th class="num">Refused</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {active.map((a) => (
              <tr>
                <td>{a.scope === 'global' ? 'every agent' : a.agent}</td>
                <td>{a.reason}</td>
                <td>{a.actor}</td>
                <td>{when(a.changed_at)}</td>
                <td class="num">{a.refused}</td>
                <td>
                  {admin && (
                    <button
                      disabled={busy}
                      onClick={() => {
                        const why = reason.trim() || 'released from the dashboard';
                        void toggle('deactivate', a.scope === 'agent' ? a.agent : null, why);
                      }}
                    >
                      Release
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin ? (
        <form
          class="panel ks-form"
          aria-label="activate the kill switch"
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirming) setConfirming(true);
            else void toggle('activate', agent.trim() || null, reason.trim());
          }}
        >
          <h2>Stop intake</h2>
          <label>
            Agent (empty: every agent)
            <input
              name="agent"
              value={agent}
              onInput={(e) => {
                setAgent(e.currentTarget.value);
                setConfirming(false);
              }}
            />
          </label>
          <label>
            Reason (ledgered; also used for a release)
            <input
              name="reason"
              required
              value={reason}
              onInput={(e) => {
                setReason(e.currentTarget.value);
                setConfirming(false);
              }}
            />
          </label>
          {confirming ? (
            <div class="confirm" role="alertdialog" aria-label="confirm">
              <p>
                Refuse every new trace and event{' '}
                {agent.trim() ? `from ${agent.trim()}` : 'from every agent'} until released?
              </p>
              <button class="danger" type="submit" disabled={busy}>
                Yes, stop intake
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          ) : (
            <button class="danger" type="submit" disabled={busy || !reason.trim()}>
              Activate…
            </button>
          )}
          <ErrorBox error={error} />
        </form>
      ) : (
        <p class="muted">
          Your role ({user.role}) cannot pull or release the kill switch; an admin can.
        </p>
      )}
      <h2>History</h2>
      {s.data.history.length === 0 ? (
        <p class="muted">Never toggled.</p>
      ) : (
        <table class="list">
          <thead>
            <tr>
              <th>When</th>
              <th>Action</th>
              <th>Scope</th>
              <th>Reason</th>
              <th>By</th>
            </tr>
          </thead>
          <tbody>
            {s.data.history.map((h) => (
              <tr>
                <td>{when(h.at)}</td>
                <td>
                  <Badge kind={h.action === 'activated' ? 'bad' : 'ok'}>{h.action}</Badge>
                </td>
                <td>{h.agent ?? 'every agent'}</td>
                <td>{h.reason}</td>
                <td>{h.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
