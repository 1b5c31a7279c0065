import { describe, expect, it } from 'vitest';
import { createUi } from '../../../src/cli/output/human.js';

describe('the human renderer', () => {
  it('without colour, every style (chained or not) prints the text as it is', async () => {
    const ui = await createUi(false);
    expect(ui.colour.red.bold('high', 3)).toBe('high 3');
    expect(await Promise.resolve(ui.colour)).toBe(ui.colour); // not a thenable
    expect(ui.severity('critical')).toBe('critical');
    expect(ui.status(false, 'FAILED')).toBe('FAILED');
    expect(ui.fields([['traces', 2]])).toBe('traces  2');
    expect(ui.table(['id'], [['tr_1']])).not.toContain('\u001b');
  });

  it('with colour, styles are ANSI sequences', async () => {
    const ui = await createUi(true);
    expect(ui.severity('critical')).toBe('\u001b[31m\u001b[1mcritical\u001b[22m\u001b[39m');
    expect(ui.table(['id'], [['tr_1']])).toContain('tr_1');
  });
});
