import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { JobProgress, startAsync, useJob } from '../job';
import { go, href } from '../router';
import { canReview, useUser } from '../session';
import { Badge, ErrorBox, Loading, Page, useApi, when } from '../ui';

const REGULATIONS = ['eu-ai-act', 'gdpr', 'nist-ai-rmf', 'iso-42001'];

interface Control {
  id: string;
  ref: string;
  title: string;
  status: string;
  points: number;
  weight: number;
  summary: string;
  evidence: { finding_ids: string[]; finding_count: number; agents: string[]; ledger: unknown };
}

interface Score {
  regulation_name: string;
  score: number;
  counts: Record<string, number>;
  period: { from: string | null; to: string | null };
  controls: Control[];
}

interface Report {
  report_id: string;
  status: string;
  filename: string;
  download_url: string | null;
  error?: string | null;
}

interface Pack {
  pack_id: string;
  created_at?: string;
  download_url: string;
  [k: string]: unknown;
}

function Reports({ regulation, agent }: { regulation: string; agent: string }) {
  const [format, setFormat] = useState<'html' | 'pdf'>('html');
  const run = useJob();
  const [report, setReport] = useState<Report>();
  const start = () =>
    run.start(async () => {
      const queued = await api<Report & { job_id: string }>('/reports/generate', {
        method: 'POST',
        body: agent ? { regulation, format, agent } : { regulation, format },
      });
      setReport(queued);
      return queued.job_id;
    });
  return (
    <div class="inline-form" role="group" aria-label="report">
      <label>
        Report format
        <select
          name="format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'html' | 'pdf')}
        >
          <option value="html">html</option>
          <option value="pdf">pdf</option>
        </select>
      </label>
      <button onClick={start} disabled={run.busy}>
        Generate report
      </button>
      <JobProgress run={run} label="building the report" />
      {run.job?.state === 'done' && run.job.result_url && (
        <a class="button" href={run.job.result_url} download>
          Download {report?.filename ?? 'report'}
        </a>
      )}
      <ErrorBox error={run.error} />
    </div>
  );
}

function Packs() {
  const packs = useApi<{ packs: Pack[] }>('/packs?limit=10');
  const run = useJob();
  const [last, setLast] = useState('30d');
  const done = run.job?.state === 'done' ? run.job : undefined;
  useEffect(() => {
    if (done) packs.reload();
  }, [done?.id]);
  const build = () =>
    run.start(() => startAsync('/packs', { last, format: 'html', include_controls: true }));
  return (
    <section class="panel" aria-labelledby="packs">
      <h2 id="packs">Evidence packs</h2>
      <div class="inline-form">
        <label>
          Window
          <input name="last" value={last} onInput={(e) => setLast(e.currentTarget.value)} />
        </label>
        <button onClick={build} disabled={run.busy}>
          {run.busy ? 'Building…' : 'Build pack'}
        </button>
        <JobProgress run={run} label="building the pack" />
        {done?.result_url && (
          <a class="button" href={done.result_url} download>
            Download the new pack
          </a>
        )}
      </div>
      <ErrorBox error={run.error || packs.error} />
      {packs.data && packs.data.packs.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>Pack</th>
              <th>Built</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {packs.data.packs.map((p) => (
              <tr>
                <td>
                  <code>{p.pack_id}</code>
                </td>
                <td>{when((p.created_at ?? p.built_at) as string | undefined)}</td>
                <td>
                  <a class="button" href={p.download_url} download>
                    Download
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="muted small">
        Check a pack offline with <code>audit evidence verify &lt;pack.zip&gt;</code>.
      </p>
    </section>
  );
}

export function CompliancePage({ params }: { params: URLSearchParams }) {
  const user = useUser();
  const regulation = params.get('regulation') ?? 'eu-ai-act';
  const agent = params.get('agent') ?? '';
  const score = useApi<Score>(
    `/compliance/${regulation}${agent ? `/${encodeURIComponent(agent)}` : ''}`,
  );
  return (
    <Page title="Compliance">
      <form class="filters" aria-label="framework" onSubmit={(e) => e.preventDefault()}>
        <label>
          framework
          <select
            name="regulation"
            value={regulation}
            onChange={(e) => go('compliance', { regulation: e.currentTarget.value, agent })}
          >
            {REGULATIONS.map((r) => (
              <option value={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          agent
          <input
            name="agent"
            value={agent}
            placeholder="all agents"
            onChange={(e) => go('compliance', { regulation, agent: e.currentTarget.value })}
          />
        </label>
      </form>
      <ErrorBox error={score.error} />
      {!score.data ? (
        !score.error && <Loading what="the score" />
      ) : (
        <>
          <div class="score">
            <span class="score-value">{score.data.score}</span>
            <span>
              <strong>{score.data.regulation_name}</strong>
              <br />
              <span class="muted">
                {score.data.counts.pass ?? 0} pass · {score.data.counts.partial ?? 0} partial ·{' '}
                {score.data.counts.fail ?? 0} fail · evidence {when(score.data.period.from)} –{' '}
                {when(score.data.period.to)}
              </span>
            </span>
          </div>
          {canReview(user) && <Reports regulation={regulation} agent={agent} />}
          <table class="list">
            <thead>
              <tr>
                <th>Control</th>
                <th>Status</th>
                <th>Evidence</th>
              </tr>
            </thead>
            <tbody>
              {score.data.controls.map((c) => (
                <tr>
                  <td>
                    <strong>{c.ref}</strong> {c.title}
                    <br />
                    <span class="muted small">
                      {c.id} · weight {c.weight}
                    </span>
                  </td>
                  <td>
                    <Badge kind={c.status}>{c.status}</Badge>
                  </td>
                  <td>
                    {c.summary}
                    {c.evidence.finding_ids.length > 0 && (
                      <div class="small ids">
                        {c.evidence.finding_ids.slice(0, 5).map((id) => (
                          <a href={href(`findings/${id}`)}>
                            <code>{id.slice(0, 12)}…</code>
                          </a>
                        ))}
                        {c.evidence.finding_count > 5 &&
                          ` and ${c.evidence.finding_count - 5} more`}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {canReview(user) && <Packs />}
    </Page>
  );
}
