import { useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import { ProveIt } from '../prove-button';
import { href } from '../router';
import { canReview, useUser } from '../session';
import { Badge, ErrorBox, Loading, Page, useApi, when } from '../ui';
import { STATUSES } from './findings';

interface FindingDetail {
  id: string;
  trace_id: string;
  session_id: string;
  event_id: string | null;
  agent: string;
  type: string;
  category: string;
  severity: string;
  status: string;
  score: number;
  detector: string;
  excerpt: string;
  field?: string;
  match_masked?: string;
  controls: string[];
  created_at: string;
  event?: { type: string; timestamp: string; model: string | null };
  history: Array<{
    from_status?: string;
    to_status?: string;
    status?: string;
    comment?: string | null;
    actor: string;
    at?: string;
    changed_at?: string;
  }>;
}

export function FindingPage({ id }: { id: string }) {
  const user = useUser();
  const f = useApi<FindingDetail>(`/findings/${encodeURIComponent(id)}`);
  const [status, setStatus] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (f.error)
    return (
      <Page title="Finding">
        <ErrorBox error={f.error} />
      </Page>
    );
  if (!f.data)
    return (
      <Page title="Finding">
        <Loading what="the finding" />
      </Page>
    );
  const d = f.data;
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api(`/findings/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: comment.trim()
          ? { status: status || d.status, comment: comment.trim() }
          : { status: status || d.status },
      });
      setComment('');
      f.reload();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={`Finding ${d.type}`} actions={<ProveIt subject={d.id} label="this finding" />}>
      <dl class="facts">
        <dt>Severity</dt>
        <dd>
          <Badge kind={d.severity}>{d.severity}</Badge> score {d.score}
        </dd>
        <dt>Status</dt>
        <dd>
          <Badge kind={d.status}>{d.status}</Badge>
        </dd>
        <dt>Detector</dt>
        <dd>
          <code>{d.detector}</code> ({d.category}) matched{' '}
          {d.match_masked ? <code>{d.match_masked}</code> : 'a span'} in the {d.field ?? 'text'} of{' '}
          {d.event
            ? `the ${d.event.type} event${d.event.model ? ` (${d.event.model})` : ''}`
            : 'the trace'}
        </dd>
        <dt>Trace</dt>
        <dd>
          <a href={d.event_id ? `${href(`traces/${d.trace_id}`)}` : href(`traces/${d.trace_id}`)}>
            {d.session_id}
          </a>{' '}
          · agent {d.agent}
        </dd>
        <dt>Created</dt>
        <dd>{when(d.created_at)}</dd>
      </dl>
      <h2>Excerpt (redacted)</h2>
      <pre class="excerpt-box">{d.excerpt}</pre>
      <h2>Controls</h2>
      <ul class="tags">
        {d.controls.map((c) => (
          <li>
            <a href={href('compliance', { regulation: c.split(':')[0] })}>
              <code>{c}</code>
            </a>
          </li>
        ))}
      </ul>
      <h2>History</h2>
      {d.history.length === 0 ? (
        <p class="muted">No status change yet.</p>
      ) : (
        <ol class="history">
          {d.history.map((h) => (
            <li>
              {when(h.at ?? h.changed_at)} <strong>{h.actor}</strong>:{' '}
              {h.from_status ? `${h.from_status} → ` : ''}
              {h.to_status ?? h.status}
              {h.comment ? <> — “{h.comment}”</> : null}
            </li>
          ))}
        </ol>
      )}
      {canReview(user) ? (
        <form class="inline-form" onSubmit={save} aria-label="change status">
          <label>
            New status
            <select
              name="status"
              value={status || d.status}
              onChange={(e) => setStatus(e.currentTarget.value)}
            >
              {STATUSES.map((s) => (
                <option value={s}>{s}</option>
              ))}
            </select>
          </label>
          <label class="grow">
            Comment
            <input
              name="comment"
              value={comment}
              onInput={(e) => setComment(e.currentTarget.value)}
            />
          </label>
          <button class="primary" type="submit" disabled={busy}>
            Save
          </button>
          <ErrorBox error={error} />
        </form>
      ) : (
        <p class="muted">Your role ({user.role}) cannot change findings.</p>
      )}
    </Page>
  );
}
