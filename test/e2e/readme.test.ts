import { execa } from 'execa';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

describe('README', () => {
  it('its command reference matches the programs --help (run `npm run readme` after changing a command)', async () => {
    const r = await execa(
      process.execPath,
      [join(ROOT, 'scripts/readme-commands.mjs'), '--check'],
      { reject: false },
    );
    expect(String(r.stderr)).toBe('');
    expect(r.exitCode).toBe(0);
  });
});
