import { CheckFailed } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { VERSION } from '../../version.js';

export const siemTestCommand = defineCommand({
  path: ['siem', 'test'],
  description:
    "send one test event to a SIEM target (or to every target) and show each receiver's own answer; exit 1 if any refused it",
  examples: ['evid siem test', 'evid siem test siem_01JD2Y7Q0000000000000000 --json'],
  args: ['[id]'],
  async run(ctx, [id]) {
    const { activeTargetRows, getTargetRow } = await import('../../../siem/targets.js');
    const { testTarget } = await import('../../../siem/test-target.js');
    const app = ctx.app();
    const rows = app.store.read((r) => (id ? [getTargetRow(r, id)] : activeTargetRows(r)));
    const data: Array<Awaited<ReturnType<typeof testTarget>>> = [];
    for (const row of rows)
      data.push(await testTarget(app.config.dataDir, row, VERSION, ctx.now()));
    const failed = data.filter((t) => !t.ok);
    return {
      data,
      failure:
        failed.length > 0
          ? new CheckFailed(`${failed.map((t) => `${t.target_id}: ${t.answer}`).join('; ')}`)
          : undefined,
      view: (ui) =>
        data.length === 0
          ? 'no SIEM targets: add one with evid siem add'
          : ui.table(
              ['id', 'kind', 'result', 'answer'],
              data.map((t) => [
                t.target_id,
                t.kind,
                ui.status(t.ok, t.ok ? 'OK' : 'FAILED'),
                t.answer,
              ]),
            ),
    };
  },
});
