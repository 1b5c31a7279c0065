import { useMemo } from 'preact/hooks';
import { DailyChart } from '../chart';
import { href } from '../router';
import { Badge, Card, ErrorBox, Loading, Page, useApi, when } from '../ui';

interface Overview {
  status: {
    traces: number;
    events: number;
    agents: number;
    last_event_at: string | null;
    findings: {
      total: number;
      by_severity: Record<string, number>;
      by_status: Record<string, number>;
    };
    ledger: {
      entries: number;
      tree_size: number;
      root_hash: string | null;
      signed_at: string | null;
    };
    storage_bytes: number;
  };
  series: { days: string[]; traces: number[]; events: number[]; findings: number[] };
  sources: Array<{
    source_id: string;
    type: string;
    name: string;
    status: string;
    last_event_at: string | null;
    event_count: number;
    error_count: number;
  }>;
  siem: Array<{
    target_id: string;
    kind: string;
    state: string;
    queue_depth: number;
    last_error: string | null;
  }>;
  kill_switch: {
    active: boolean;
    global: { active: boolean } | null;
    agents: Array<{ agent: string; active: boolean }>;
  };
  last_verify: { finished_at: string; ok: boolean; actor: string } | null;
}

interface Retention {
  days: number | null;
  enforce: boolean;
  legal_holds: number;
  records_purged: number;
  last_run_at: string | null;
}

const SEVERITIES = ['critical', 'high', 'medium', 'low'];
const STATUSES = ['open', 'reviewing', 'remediated', 'closed'];

export function OverviewPage() {
  const o = useApi<Overview>('/overview?days=30');
  const retention = useApi<Retention>('/retention');
  const series = useMemo(
    () =>
      o.data
        ? [
            { label: 'traces', values: o.data.series.traces, color: '#2563eb' },
            { label: 'events', values: o.data.series.events, color: '#0d9488' },
            { label: 'findings', values: o.data.series.findings, color: '#dc2626' },
          ]
        : [],
    [o.data],
  );
  if (o.error)
    return (
      <Page title="Overview">
        <ErrorBox error={o.error} />
      </Page>
    );
  if (!o.data)
    return (
      <Page title="Overview">
        <Loading what="the overview" />
      </Page>
    );
  const { status, kill_switch: ks } = o.data;
  const sev = status.findings.by_severity;
  const st = status.findings.by_status;
  return (
    <Page title="Overview">
      {ks.active && (
        <p class="banner danger" role="status">
          Kill switch active
          {ks.global?.active
            ? ' for every agent'
            : ` for ${ks.agents
                .filter((a) => a.active)
                .map((a) => a.agent)
                .join(', ')}`}
          : intake is refused. <a href={href('kill-switch')}>Details</a>
        </p>
      )}
      <div class="cards">
        <Card
          label="Traces"
          value={status.traces.toLocaleString()}
          hint={`${status.agents} agents`}
        />
        <Card
          label="Events"
          value={status.events.toLocaleString()}
          hint={`last ${when(status.last_event_at)}`}
        />
        <Card
          label="Open findings"
          value={(st.open ?? 0).toLocaleString()}
          hint={<a href={href('findings', { status: 'open' })}>review queue</a>}
        />
        <Card
          label="Ledger"
          value={status.ledger.entries.toLocaleString()}
          hint={
            o.data.last_verify ? (
              <span>
                last verify{' '}
                <Badge kind={o.data.last_verify.ok ? 'ok' : 'bad'}>
                  {o.data.last_verify.ok ? 'intact' : 'FAILED'}
                </Badge>
              </span>
            ) : (
              <a href={href('ledger')}>not verified by this server yet</a>
            )
          }
        />
        <Card
          label="Kill switch"
          value={<Badge kind={ks.active ? 'bad' : 'ok'}>{ks.active ? 'active' : 'released'}</Badge>}
          hint={<a href={href('kill-switch')}>controls</a>}
        />
      </div>
      <section class="panel" aria-labelledby="activity">
        <h2 id="activity">Activity, last 30 days (UTC)</h2>
        <DailyChart
          days={o.data.series.days}
          series={series}
          label="traces, events and findings per day"
        />
      </section>
      <div class="grid2">
        <section class="panel" aria-labelledby="by-sev">
          <h2 id="by-sev">Findings by severity</h2>
          <table>
            <tbody>
              {SEVERITIES.map((s) => (
                <tr>
                  <th scope="row">
                    <Badge kind={s}>{s}</Badge>
                  </th>
                  <td class="num">
                    <a href={href('findings', { severity: s })}>{(sev[s] ?? 0).toLocaleString()}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section class="panel" aria-labelledby="by-status">
          <h2 id="by-status">Findings by status</h2>
          <table>
            <tbody>
              {STATUSES.map((s) => (
                <tr>
                  <th scope="row">{s}</th>
                  <td class="num">
                    <a href={href('findings', { status: s })}>{(st[s] ?? 0).toLocaleString()}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section class="panel" aria-labelledby="sources">
          <h2 id="sources">Sources</h2>
          {o.data.sources.length === 0 ? (
            <p class="muted">No live sources: traces come from the CLI and the REST API.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Type</th>
                  <th>State</th>
                  <th class="num">Events</th>
                  <th>Last event</th>
                </tr>
              </thead>
              <tbody>
                {o.data.sources.map((s) => (
                  <tr>
                    <td>{s.name}</td>
                    <td>{s.type}</td>
                    <td>
                      <Badge kind={s.status === 'active' ? 'ok' : 'warn'}>{s.status}</Badge>
                    </td>
                    <td class="num">{s.event_count.toLocaleString()}</td>
                    <td>{when(s.last_event_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section class="panel" aria-labelledby="siem">
          <h2 id="siem">SIEM and retention</h2>
          {o.data.siem.length === 0 ? (
            <p class="muted">No SIEM target.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Target</th>
                  <th>State</th>
                  <th class="num">Queued</th>
                </tr>
              </thead>
              <tbody>
                {o.data.siem.map((t) => (
                  <tr>
                    <td>
                      {t.kind} <span class="muted">{t.target_id}</span>
                    </td>
                    <td>
                      <Badge kind={t.state === 'error' ? 'bad' : 'ok'}>{t.state}</Badge>
                    </td>
                    <td class="num">{t.queue_depth}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            Retention:{' '}
            {retention.error ? (
              <span class="muted">{retention.error}</span>
            ) : retention.data ? (
              <RetentionLine r={retention.data} />
            ) : (
              '…'
            )}
          </p>
        </section>
      </div>
    </Page>
  );
}

function RetentionLine({ r }: { r: Retention }) {
  const policy = r.days
    ? `${r.days} days${r.enforce ? ', enforced' : ' (not enforced)'}`
    : 'kept forever (no policy)';
  return (
    <span>
      {policy}; {r.legal_holds} legal holds; {r.records_purged.toLocaleString()} records purged
      {r.last_run_at ? `, last run ${when(r.last_run_at)}` : ''}
    </span>
  );
}
