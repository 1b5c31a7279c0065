import { useState } from 'preact/hooks';
import { api, ApiError, query } from './api';
import { checkProofs, type ProofCheck, type SubjectProofs } from './prove';

/** Fetches a record's inclusion proofs and checks them here, with Web Crypto. */
export function ProveIt({ subject, label }: { subject: string; label: string }) {
  const [state, setState] = useState<{
    busy?: boolean;
    checks?: ProofCheck[];
    size?: number;
    error?: string;
  }>({});
  const run = async () => {
    setState({ busy: true });
    try {
      const proofs = await api<SubjectProofs>(`/ledger/proof${query({ subject })}`);
      setState({ checks: await checkProofs(proofs), size: proofs.tree_head.tree_size });
    } catch (err) {
      setState({ error: err instanceof ApiError ? err.message : String(err) });
    }
  };
  const allOk = state.checks?.every((c) => c.ok);
  return (
    <div class="prove">
      <button
        class="small"
        onClick={run}
        disabled={state.busy}
        aria-label={`prove ${label} is in the signed ledger`}
      >
        {state.busy ? 'Checking…' : 'Prove it'}
      </button>
      {state.error && (
        <span class="error" role="alert">
          {state.error}
        </span>
      )}
      {state.checks && (
        <div class={`proof ${allOk ? 'proof-ok' : 'proof-bad'}`} role="status">
          <strong>
            {allOk ? `✓ In the signed ledger (tree size ${state.size})` : '✗ Proof FAILED'}
          </strong>
          <ul>
            {state.checks.map((c) => (
              <li>
                seq <code>{c.seq}</code> {c.kind}: {c.ok ? 'included' : 'not proved'} —{' '}
                <span class="muted">{c.detail}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
