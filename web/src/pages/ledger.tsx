import { useEffect } from 'preact/hooks';
import { JobProgress, startAsync, useJob } from '../job';
import { Badge, ErrorBox, Loading, Page, useApi, when } from '../ui';

interface Head {
  entries: number;
  tree_head: {
    origin: string;
    tree_size: number;
    root_hash: string;
    signed_at: string;
    checkpoint: string;
  } | null;
  key: {
    fingerprint: string;
    first_fingerprint: string;
    verifier_key: string;
    rotations: number;
  } | null;
  purged: { records: number; batches: number };
  last_verify: { finished_at: string; ok: boolean; actor: string; entries_checked: number } | null;
}

interface Verdict {
  ok: boolean;
  entries_checked: number;
  tree_size: number;
  tree_heads_checked: number;
  rows_checked: Record<string, number>;
  purged: number;
  first_bad_seq: number | null;
  reason: string | null;
  record: { seq: number; kind: string; subject_id: string } | null;
  row: { table: string; id: string } | null;
  message: string;
}

export function LedgerPage() {
  const head = useApi<Head>('/ledger');
  const run = useJob<{ started_at: string; finished_at: string; verdict: Verdict }>();
  const verify = () => run.start(() => startAsync('/ledger/verify'));
  const finished = run.job?.state === 'done' ? run.job.result : null;
  useEffect(() => {
    if (finished) head.reload();
  }, [finished]);
  if (head.error)
    return (
      <Page title="Ledger">
        <ErrorBox error={head.error} />
      </Page>
    );
  if (!head.data)
    return (
      <Page title="Ledger">
        <Loading what="the ledger" />
      </Page>
    );
  const h = head.data;
  const v = finished?.verdict;
  const ms = finished ? Date.parse(finished.finished_at) - Date.parse(finished.started_at) : 0;
  return (
    <Page
      title="Ledger"
      actions={
        <button class="primary" onClick={verify} disabled={run.busy}>
          {run.busy ? 'Verifying…' : 'Verify now'}
        </button>
      }
    >
      <JobProgress run={run} label="verifying the ledger" />
      {run.error && <ErrorBox error={run.error} />}
      {v && (
        <div class={`banner ${v.ok ? 'calm' : 'danger'}`} role="status">
          <strong>{v.ok ? '✓ Intact' : '✗ Verification FAILED'}</strong>:{' '}
          {v.entries_checked.toLocaleString()} entries, {v.tree_heads_checked} signed tree heads,{' '}
          {Object.values(v.rows_checked ?? {})
            .reduce((a, b) => a + b, 0)
            .toLocaleString()}{' '}
          records checked
          {v.purged ? `, ${v.purged} purged by retention` : ''} in {ms} ms.
          <p>{v.message}</p>
          {!v.ok && (
            <p>
              First bad record:{' '}
              {v.record ? (
                <>
                  seq <code>{v.record.seq}</code> {v.record.kind} <code>{v.record.subject_id}</code>
                </>
              ) : v.row ? (
                <>
                  {v.row.table} row <code>{v.row.id}</code>
                </>
              ) : (
                `seq ${v.first_bad_seq ?? '?'}`
              )}
              {v.reason ? ` (${v.reason})` : ''}
            </p>
          )}
        </div>
      )}
      <dl class="facts">
        <dt>Entries</dt>
        <dd>{h.entries.toLocaleString()}</dd>
        <dt>Signed tree head</dt>
        <dd>
          {h.tree_head ? (
            <>
              size {h.tree_head.tree_size.toLocaleString()}, signed {when(h.tree_head.signed_at)}
            </>
          ) : (
            'none yet'
          )}
        </dd>
        <dt>Root hash</dt>
        <dd>
          <code class="wrap">{h.tree_head?.root_hash ?? '–'}</code>
        </dd>
        <dt>Key fingerprint</dt>
        <dd>
          <code class="wrap">{h.key?.fingerprint ?? '–'}</code>
          {h.key && h.key.rotations > 0
            ? ` (${h.key.rotations} rotations; first ${h.key.first_fingerprint.slice(0, 16)}…)`
            : ''}
        </dd>
        <dt>Purged records</dt>
        <dd>
          {h.purged.records.toLocaleString()} in {h.purged.batches} batches (their ledger entries
          remain)
        </dd>
        <dt>Last verify</dt>
        <dd>
          {h.last_verify ? (
            <>
              <Badge kind={h.last_verify.ok ? 'ok' : 'bad'}>
                {h.last_verify.ok ? 'intact' : 'failed'}
              </Badge>{' '}
              {when(h.last_verify.finished_at)} by {h.last_verify.actor}
            </>
          ) : (
            'not since this server started'
          )}
        </dd>
      </dl>
      {h.tree_head && (
        <details>
          <summary>Signed checkpoint (C2SP signed note)</summary>
          <pre>{h.tree_head.checkpoint}</pre>
          {h.key && (
            <p>
              Verifier key: <code class="wrap">{h.key.verifier_key}</code>
            </p>
          )}
        </details>
      )}
    </Page>
  );
}
