import { evidence, plural, type Check } from './outcome.js';

/**
 * The "stop button" (EU AI Act Art. 14(4)(e), NIST MANAGE 2.4): a persisted kill switch
 * whose state and every change is recorded. Without a kill switch table the store cannot
 * show that a stop is possible or was ever exercised: partial, never a silent pass.
 * An active switch is oversight working, not a failure; it is reported in the summary.
 */
export const killSwitch: Check = (s, ctx) => {
  const k = s.kill_switch;
  const ev = evidence({
    counts: { active: k.active.length, ledgered_changes: k.ledgered_changes },
    agents: k.active.filter((a) => a.scope !== 'global').map((a) => a.scope),
  });
  if (!k.recorded) {
    return { status: 'partial', summary: 'no kill switch state recorded', evidence: ev };
  }
  const history =
    k.ledgered_changes > 0
      ? `${plural(k.ledgered_changes, 'ledgered change')}, last at ${k.last_change_at ?? 'unknown'}`
      : 'never used';
  if (k.active.length > 0) {
    const a = k.active[0]!;
    const scope = a.scope === 'global' ? 'globally' : `for ${a.scope}`;
    return {
      status: 'pass',
      summary: `kill switch ACTIVE ${scope}${a.actor ? ` (by ${a.actor}` : ' ('}${a.reason ? `: ${a.reason})` : ')'}; ${history}`,
      evidence: ev,
    };
  }
  return {
    status: 'pass',
    summary: `kill switch available and released${ctx.agent ? ` for ${ctx.agent}` : ''}; ${history}`,
    evidence: ev,
  };
};
