import { Command, CommanderError } from 'commander';
import { AppContext } from '../context.js';
import { EvidError, UsageError } from '../errors.js';
import type { CommandSpec, RunContext } from './command.js';
import { rowsFor, type CommandEntry } from './command-table.js';
import { AUDIT_COMMANDS } from './programs/audit.js';
import { EVID_COMMANDS } from './programs/evid.js';
import { processIo, type Io } from './io.js';
import { render } from './output/render.js';
import { VERSION } from './version.js';

export type BinName = 'evid' | 'audit';

/** The commands an invocation needs (every one without argv: help, the README generator). */
async function commandsFor(bin: BinName, argv?: string[]): Promise<CommandSpec[]> {
  const table: CommandEntry[] = bin === 'evid' ? EVID_COMMANDS : AUDIT_COMMANDS;
  return Promise.all((argv ? rowsFor(table, argv) : table).map((row) => row.load()));
}

const DESCRIPTIONS: Record<BinName, string> = {
  evid: 'Collect traces of AI agent sessions into a tamper-evident evidence store.',
  audit: 'Verify the signed Merkle ledger of the evidence store and report on compliance.',
};

/**
 * Help goes through the Io; a fixed width keeps --help (and the README made from it) stable.
 * Commander's own errors (unknown option, missing argument, ...) become one line like every
 * other error: "evid: unknown option '--bogus' (run with --help for usage)".
 */
function outputTo(io: Io, bin: BinName) {
  return {
    writeOut: (s: string) => io.stdout.write(s),
    writeErr: (s: string) => io.stderr.write(s),
    outputError: (s: string) =>
      io.stderr.write(
        `${bin}: ${s.replace(/^error: /, '').trimEnd()} (run with --help for usage)\n`,
      ),
    getOutHelpWidth: () => 100,
    getErrHelpWidth: () => 100,
  };
}

/**
 * Builds the commander program for one binary; exported for the README generator. Given the
 * argv it will parse, it registers only the command that argv names (see rowsFor).
 */
export async function buildProgram(
  bin: BinName,
  io: Io,
  onRun: (spec: CommandSpec, args: string[], opts: Record<string, unknown>) => Promise<void>,
  argv?: string[],
): Promise<Command> {
  const program = new Command(bin)
    .description(DESCRIPTIONS[bin])
    .version(VERSION, '-V, --version', 'print the version and exit')
    .option('--json', 'machine-readable output on stdout')
    .option(
      '--data-dir <dir>',
      'evidence store directory (default: $EVID_DATA_DIR or ~/.local/share/evid)',
    )
    .option('--verbose', 'print stack traces with errors')
    .exitOverride()
    .configureOutput(outputTo(io, bin));
  program.addHelpCommand(false);
  const groups = new Map<string, Command>();
  for (const spec of await commandsFor(bin, argv)) {
    let parent = program;
    for (const word of spec.path.slice(0, -1)) {
      const key = `${parent.name()}/${word}`;
      let group = groups.get(key);
      if (!group) {
        group = parent.command(word).description(`${word} commands`).exitOverride();
        group.configureOutput(outputTo(io, bin));
        groups.set(key, group);
      }
      parent = group;
    }
    const cmd = parent
      .command(spec.path[spec.path.length - 1]!)
      .description(spec.description)
      .exitOverride();
    for (const a of spec.args ?? []) cmd.argument(a);
    spec.options?.(cmd);
    cmd.addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.action(async (...received: unknown[]) => {
      const command = received[received.length - 1] as Command;
      const args = received.slice(0, (spec.args ?? []).length) as string[];
      await onRun(spec, args, command.optsWithGlobals());
    });
  }
  return program;
}

/**
 * Runs one invocation and returns the exit code. The only place errors become exit codes
 * and one line on stderr (stack only with --verbose). Never calls process.exit itself.
 */
export async function main(argv: string[], bin: BinName, io: Io = processIo()): Promise<number> {
  let exitCode = 0;
  let app: AppContext | undefined;
  let verbose = argv.includes('--verbose');
  let jsonMode = argv.includes('--json');
  try {
    const program = await buildProgram(
      bin,
      io,
      async (spec, args, opts) => {
        verbose = Boolean(opts.verbose);
        jsonMode = Boolean(opts.json);
        const ctx: RunContext = {
          io,
          json: jsonMode,
          now: () => new Date(),
          app: () =>
            (app ??= AppContext.fromEnv({
              dataDir: opts.dataDir as string | undefined,
              env: io.env,
              createStore: spec.writes === true,
            })),
        };
        const result = await spec.run(ctx, args, opts);
        await render(result, io, jsonMode);
        if (result.failure) throw result.failure;
      },
      argv,
    );
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    exitCode = report(err, io, bin, verbose);
  } finally {
    for (const warning of app?.warnings() ?? []) io.stderr.write(`${bin}: ${warning}\n`);
    app?.close();
  }
  return exitCode;
}

function report(err: unknown, io: Io, bin: BinName, verbose: boolean): number {
  if (err instanceof CommanderError) {
    // Help and version are successes; everything else commander rejects is a usage error.
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      err.code === 'commander.help'
    )
      return 0;
    if (err.code === 'commander.executeSubCommandAsync') return err.exitCode;
    return new UsageError(err.message).exitCode;
  }
  if (err instanceof EvidError) {
    io.stderr.write(`${bin}: ${err.message}\n`);
    if (verbose && err.stack) io.stderr.write(`${err.stack}\n`);
    return err.exitCode;
  }
  const e = err as Error;
  io.stderr.write(`${bin}: internal error: ${e?.message ?? String(err)}\n`);
  if (verbose && e?.stack) io.stderr.write(`${e.stack}\n`);
  return 1;
}
