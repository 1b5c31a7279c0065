import { describe, expect, it } from 'vitest';
import { rowsFor, type CommandEntry } from '../../../src/cli/command-table.js';
import { AUDIT_COMMANDS } from '../../../src/cli/programs/audit.js';
import { EVID_COMMANDS } from '../../../src/cli/programs/evid.js';

describe('the command tables', () => {
  it.each([
    ['evid', EVID_COMMANDS],
    ['audit', AUDIT_COMMANDS],
  ])('%s: every row loads the command its words name, once', async (_bin, table) => {
    const names = table.map((row) => row.path.join(' '));
    expect(new Set(names).size).toBe(names.length);
    for (const row of table) expect((await row.load()).path).toEqual(row.path);
  });
});

describe('rowsFor: which commands an invocation loads', () => {
  const row = (...path: string[]): CommandEntry => ({ path, load: () => Promise.reject() });
  const table = [row('status'), row('traces', 'list'), row('admin', 'keys', 'create'), row('pack')];
  const words = (argv: string[]) => rowsFor(table, argv).map((r) => r.path.join(' '));

  it('loads only the named command, after global options and before its own', () => {
    expect(words(['status'])).toEqual(['status']);
    expect(words(['--json', 'traces', 'list', '--limit', '5'])).toEqual(['traces list']);
    expect(words(['--data-dir', '/tmp/x', 'admin', 'keys', 'create'])).toEqual([
      'admin keys create',
    ]);
    expect(words(['--data-dir=/tmp/x', '--verbose', 'pack', 'tr_1'])).toEqual(['pack']);
  });

  it('loads every command for help, a group alone, a typo or a leading unknown option', () => {
    for (const argv of [[], ['--help'], ['traces'], ['traces', '--help'], ['stauts']]) {
      expect(words(argv), argv.join(' ')).toHaveLength(table.length);
    }
  });

  it('loads none for the program version', () => {
    expect(words(['--version'])).toEqual([]);
    expect(words(['--json', '-V'])).toEqual([]);
  });

  it('does not take a --data-dir value for a command word', () => {
    expect(words(['--data-dir', 'status'])).toHaveLength(table.length);
  });
});
