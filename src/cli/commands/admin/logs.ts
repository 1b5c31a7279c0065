import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import type { LogLine } from '../../../admin/log-read.js';

const CHOICES = ['info', 'warn', 'error'];

/** One line for people: time, level, server, request, message and what the request was. */
function pretty(l: LogLine): string {
  const e = l.entry;
  const time = typeof e.time === 'number' ? new Date(e.time).toISOString() : '-';
  const names: Record<number, string> = {
    10: 'TRACE',
    20: 'DEBUG',
    30: 'INFO',
    40: 'WARN',
    50: 'ERROR',
    60: 'FATAL',
  };
  const level = names[e.level as number] ?? String(e.level);
  const req = e.req as { method?: string; url?: string } | undefined;
  const res = e.res as { statusCode?: number } | undefined;
  const err = e.err as { message?: string } | undefined;
  const parts = [time, level.padEnd(5), l.source];
  if (typeof e.reqId === 'string') parts.push(e.reqId);
  if (typeof e.msg === 'string') parts.push(e.msg);
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof e.responseTime === 'number') parts.push(`${e.responseTime.toFixed(1)}ms`);
  if (err?.message) parts.push(`error: ${err.message}`);
  return parts.join(' ');
}

/** Resolves on the next SIGINT or SIGTERM (the end of --follow). */
function untilSignal(controller: AbortController): void {
  const stop = (): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export const adminLogsCommand = defineCommand({
  path: ['admin', 'logs'],
  description:
    "read the servers' logs (<data dir>/logs/, written by evid serve and audit serve, rotated): pretty by default, the JSON lines with --json",
  examples: [
    'evid admin logs --level warn',
    'evid admin logs --follow',
    'evid admin logs --json | jq -r "select(.res.statusCode >= 500) | .reqId"',
  ],
  options: (cmd) =>
    cmd
      .option(
        '--follow',
        'keep printing new lines as they are written (across rotation) until Ctrl-C',
      )
      .option('--level <level>', `only lines at this level or above (${CHOICES.join(', ')})`),
  async run(ctx, _args, opts) {
    const level = opts.level;
    if (level !== undefined && !CHOICES.includes(String(level))) {
      throw new UsageError(
        `--level: must be one of ${CHOICES.join(', ')} (got "${String(level)}")`,
      );
    }
    const { followLogs, levelAtLeast, LEVELS, readLogs } =
      await import('../../../admin/log-read.js');
    const keep = levelAtLeast(level === undefined ? 0 : LEVELS[String(level)]!);
    const dataDir = ctx.app().config.dataDir;
    const positions = new Map<string, { ino: number; pos: number }>();
    const lines = readLogs(dataDir, keep, positions);
    if (!opts.follow) {
      return {
        data: lines.map((l) => l.entry),
        notes:
          lines.length === 0
            ? [
                `no log lines${level ? ` at level ${String(level)} or above` : ''} in ${dataDir}/logs`,
              ]
            : [],
        view: () => lines.map(pretty).join('\n'),
      };
    }
    // Streamed: --json prints one JSON object per line (NDJSON), as the servers wrote them.
    const print = (l: LogLine): void => {
      ctx.io.stdout.write(`${ctx.json ? l.raw : pretty(l)}\n`);
    };
    lines.forEach(print);
    const controller = new AbortController();
    untilSignal(controller);
    await followLogs(dataDir, print, controller.signal, keep, positions);
    return { data: null, streamed: true };
  },
});
