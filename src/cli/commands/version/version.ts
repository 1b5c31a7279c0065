import Database from 'better-sqlite3';
import { defineCommand } from '../../command.js';
import { VERSION } from '../../version.js';

export const versionCommand = defineCommand({
  path: ['version'],
  description: 'show version information',
  examples: ['audit version', 'audit version --json'],
  run() {
    const data = { version: VERSION, node: process.versions.node, sqlite: sqliteVersion() };
    return {
      data,
      view: (ui) =>
        ui.fields([
          ['version', data.version],
          ['node', data.node],
          ['sqlite', data.sqlite],
        ]),
    };
  },
});

function sqliteVersion(): string {
  const db = new Database(':memory:');
  try {
    return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  } finally {
    db.close();
  }
}
