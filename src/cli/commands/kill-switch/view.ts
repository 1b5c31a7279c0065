import type { KillSwitchStatus } from '../../../killswitch/killswitch.js';
import type { Ui } from '../../output/human.js';

/** The kill switch status as a person reads it (shared by the three kill-switch commands). */
export function killSwitchView(ui: Ui, s: KillSwitchStatus): string {
  const active = [...(s.global?.active ? [s.global] : []), ...s.agents.filter((a) => a.active)];
  const lines = [
    s.active
      ? ui.status(
          false,
          `intake STOPPED ${s.global?.active ? 'for all agents' : `for ${active.length} agent(s)`}`,
        )
      : ui.status(true, 'intake open (kill switch inactive)'),
  ];
  if (active.length > 0) {
    lines.push(
      ui.table(
        ['scope', 'since', 'by', 'reason', 'refused'],
        active.map((a) => [a.agent ?? 'global', a.changed_at, a.actor, a.reason, a.refused]),
      ),
      `stops: ${s.stops.join(', ')}; reads, verify, packs and exports keep working`,
    );
  }
  return lines.join('\n');
}
