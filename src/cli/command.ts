import type { Command } from 'commander';
import type { AppContext } from '../context.js';
import type { EvidError } from '../errors.js';
import type { Io } from './io.js';
import type { Ui } from './output/human.js';

/** What a command hands back: data for --json, and how to show it to a person. */
export interface CommandResult {
  data: unknown;
  /** Human rendering; absent means the data is printed as JSON even without --json. */
  view?: (ui: Ui) => string;
  /** Check commands print their whole verdict first, then fail with this (exit code). */
  failure?: EvidError;
  /** Hints and counts for people; go to stderr, never in --json mode. */
  notes?: string[];
  /** The command wrote its output as it went (a follow mode): nothing more to print. */
  streamed?: boolean;
}

export interface RunContext {
  io: Io;
  /** Built on first use so `--help` and `version` never open the store. */
  app(): AppContext;
  json: boolean;
  now(): Date;
}

export interface CommandSpec {
  /** e.g. ['traces', 'list']. */
  path: string[];
  /**
   * The command writes to the store, so its first write may create it. Every other
   * command needs an existing store: a missing one is an error, never a fresh empty store.
   */
  writes?: boolean;
  description: string;
  /** Shown under "Examples:" in --help and in the README command reference. */
  examples: string[];
  /** e.g. '<id>' or '[file]'. */
  args?: string[];
  options?: (cmd: Command) => void;
  run(
    ctx: RunContext,
    args: string[],
    opts: Record<string, unknown>,
  ): Promise<CommandResult> | CommandResult;
}

export const defineCommand = (spec: CommandSpec): CommandSpec => spec;
