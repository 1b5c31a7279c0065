import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotFoundError, UsageError, ValidationError } from '../../../errors.js';
import { defineCommand, type CommandSpec, type RunContext } from '../../command.js';
import { VERSION } from '../../version.js';
import { startWorkers } from './workers.js';

interface Settings {
  host: string;
  port: number;
  /** A second listener for OpenTelemetry exporters (--otlp-port); undefined: none. */
  otlpPort: number | undefined;
  /** The safety API's own port (--safety-port, EVID_SAFETY_PORT); undefined: the main port. */
  safetyPort: number | undefined;
  rateLimit: string | undefined;
  logLevel: string;
}

function parsePort(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new UsageError(`${flag}: must be a port number from 0 to 65535 (got "${String(value)}")`);
  }
  return n;
}

/** The settings `--config <file>` may hold (JSON), each also a flag or an environment variable. */
const CONFIG_KEYS = ['host', 'port', 'otlp_port', 'safety_port', 'rate_limit', 'log_level'];

/** `--config <file>`: JSON with the CONFIG_KEYS; flags win over it, it wins over env. */
async function readConfigFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new NotFoundError(`--config: file not found: ${file}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ValidationError(`--config: malformed JSON in ${file} (${(err as Error).message})`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ValidationError(`--config: ${file} must hold a JSON object`);
  }
  for (const key of Object.keys(doc)) {
    if (!CONFIG_KEYS.includes(key))
      throw new ValidationError(
        `--config: unknown setting "${key}" (known: ${CONFIG_KEYS.join(', ')})`,
      );
  }
  return doc as Record<string, unknown>;
}

async function settingsOf(ctx: RunContext, opts: Record<string, unknown>): Promise<Settings> {
  const config = ctx.app().config;
  const file = typeof opts.config === 'string' ? await readConfigFile(opts.config) : {};
  const port =
    opts.port !== undefined
      ? parsePort(opts.port, '--port')
      : file.port !== undefined
        ? parsePort(file.port, '--config port')
        : config.apiPort;
  return {
    host:
      typeof opts.host === 'string'
        ? opts.host
        : typeof file.host === 'string'
          ? file.host
          : config.apiHost,
    port,
    otlpPort:
      opts.otlpPort !== undefined
        ? parsePort(opts.otlpPort, '--otlp-port')
        : file.otlp_port !== undefined
          ? parsePort(file.otlp_port, '--config otlp_port')
          : undefined,
    safetyPort:
      opts.safetyPort !== undefined
        ? parsePort(opts.safetyPort, '--safety-port')
        : file.safety_port !== undefined
          ? parsePort(file.safety_port, '--config safety_port')
          : config.safetyPort !== undefined
            ? parsePort(config.safetyPort, 'EVID_SAFETY_PORT')
            : undefined,
    rateLimit: file.rate_limit !== undefined ? String(file.rate_limit) : config.rateLimit,
    logLevel: typeof file.log_level === 'string' ? file.log_level : config.logLevel,
  };
}

const SHUTDOWN_GRACE_MS = 8_000;

/**
 * A second listener serving the same app: the conventional OTLP/HTTP port (4318), or the
 * safety API's own port, whose requests are marked for the route split (safety-port.ts).
 */
async function listenAgain(
  server: { routing: (req: IncomingMessage, res: ServerResponse) => void },
  host: string,
  port: number,
  flag: string,
  mark?: WeakSet<IncomingMessage>,
): Promise<Server> {
  const { createServer } = await import('node:http');
  const second = createServer((req, res) => {
    mark?.add(req);
    server.routing(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    second.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new UsageError(`${flag}: ${port} is already in use on ${host}`)
          : err,
      ),
    );
    second.listen(port, host, resolve);
  });
  return second;
}

/** Resolves on the next SIGTERM or SIGINT. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

function serveCommand(bin: 'evid' | 'audit', extra?: (cmd: Command) => void): CommandSpec {
  return defineCommand({
    writes: true,
    path: ['serve'],
    description:
      'run the REST server (every route of both evid and audit) on the store; SIGTERM finishes in-flight requests, then exits',
    examples: [
      `${bin} serve`,
      `${bin} serve --host 0.0.0.0 --port 8080`,
      `EVID_API_KEY=$(openssl rand -hex 32) ${bin} serve --port 0   # prints {"listening": "http://127.0.0.1:<port>"}`,
    ],
    options: (cmd) => {
      cmd
        .option('--host <host>', 'address to bind (default: $EVID_API_HOST or 127.0.0.1)')
        .option('--port <port>', 'port (default: $EVID_API_PORT or 8080; 0 picks a free one)')
        .option(
          '--otlp-port <port>',
          'also listen here (OpenTelemetry exporters default to 4318; the same routes, POST /v1/traces and /v1/logs among them)',
        )
        .option(
          '--safety-port <port>',
          'serve the safety API (/v1, docs/safety-api.md) here instead of on --port; health on both (default: $EVID_SAFETY_PORT, else on --port)',
        );
      extra?.(cmd);
    },
    async run(ctx, _args, opts) {
      // Listened for from the start: a SIGTERM while starting up shuts down cleanly once up.
      const signalled = untilSignal();
      const settings = await settingsOf(ctx, opts);
      if (typeof opts.license === 'string') {
        try {
          await readFile(opts.license);
        } catch {
          throw new NotFoundError(`--license: file not found: ${opts.license}`);
        }
        ctx.io.stderr.write(
          `${bin}: --license accepted; no feature of this server is license-gated\n`,
        );
      }
      const app = ctx.app();
      // fastify and the routes load only for this command.
      const { buildServer } = await import('../../../server/app.js');
      // JSON logs to stderr as before, and to <data dir>/logs/ for `evid admin logs`.
      const { RotatingLogFile } = await import('../../../admin/log-file.js');
      const logFile = RotatingLogFile.inDataDir(
        app.config.dataDir,
        bin,
        app.config.logFiles,
        (err) =>
          ctx.io.stderr.write(
            `${bin}: warning: log file not written (${err.message}); logging to stderr only\n`,
          ),
      );
      const viaSafetyPort =
        settings.safetyPort === undefined ? undefined : new WeakSet<IncomingMessage>();
      const server = await buildServer(app, {
        ...(viaSafetyPort ? { viaSafetyPort } : {}),
        bin,
        version: VERSION,
        logStream: {
          write: (line: string) => {
            logFile.write(line);
            return ctx.io.stderr.write(line);
          },
        } as NodeJS.WritableStream,
        logLevel: settings.logLevel,
        rateLimit: settings.rateLimit,
      });
      try {
        await server.listen({ host: settings.host, port: settings.port });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE')
          throw new UsageError(`--port: ${settings.port} is already in use on ${settings.host}`);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
          throw new UsageError(`--host: cannot bind ${settings.host}`);
        throw err;
      }
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : settings.port;
      const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
      const listening = `http://${host}:${port}`;
      // A second listener that cannot start (bad value, port in use) ends the command with
      // its exit 2; the listeners already up close first, or the process would stay up.
      const extras: Server[] = [];
      const again = async (
        port: number,
        flag: string,
        mark?: WeakSet<IncomingMessage>,
      ): Promise<Server> => {
        const second = await listenAgain(server, settings.host, port, flag, mark);
        extras.push(second);
        return second;
      };
      let otlp: Server | undefined;
      let safety: Server | undefined;
      try {
        if (settings.otlpPort !== undefined) otlp = await again(settings.otlpPort, '--otlp-port');
        if (settings.safetyPort !== undefined)
          safety = await again(settings.safetyPort, '--safety-port', viaSafetyPort);
      } catch (err) {
        for (const second of extras) second.close();
        await server.close();
        logFile.close();
        throw err;
      }
      const otlpUrl = otlp ? `http://${host}:${(otlp.address() as AddressInfo).port}` : undefined;
      const safetyUrl = safety
        ? `http://${host}:${(safety.address() as AddressInfo).port}`
        : undefined;
      // One JSON line first, so scripts (and tests with --port 0) learn the address.
      ctx.io.stdout.write(
        `${JSON.stringify({
          listening,
          ...(otlpUrl ? { otlp: `${otlpUrl}/v1/traces` } : {}),
          ...(safetyUrl ? { safety: safetyUrl } : {}),
        })}\n`,
      );
      const workers = await startWorkers(ctx, server.log);
      const signal = await signalled;
      // Before the server (and then the store) closes: each worker's batch commits first.
      await workers.stop();
      // In-flight requests get a grace period (inside Docker's 10 s stop timeout); a second
      // signal, or the end of the grace, drops the connections still open.
      const drop = (): void => {
        server.server.closeAllConnections();
        safety?.closeAllConnections();
      };
      const grace = setTimeout(drop, SHUTDOWN_GRACE_MS);
      void untilSignal().then(drop);
      otlp?.closeAllConnections();
      otlp?.close();
      // The safety port drains as the main one does: no new connections, idle ones closed,
      // in-flight requests answered (with Connection: close) within the grace.
      const safetyClosed = new Promise<void>((resolve) =>
        safety ? safety.close(() => resolve()) : resolve(),
      );
      safety?.closeIdleConnections();
      await Promise.all([server.close(), safetyClosed]);
      clearTimeout(grace);
      logFile.close();
      return { data: { listening, stopped: signal }, view: () => `stopped on ${signal}` };
    },
  });
}

export const evidServeCommand = serveCommand('evid');

export const auditServeCommand = serveCommand('audit', (cmd) =>
  cmd
    .option(
      '--license <file>',
      'license file (accepted for compatibility; nothing is license-gated)',
    )
    .option(
      '--config <file>',
      'JSON settings: host, port, otlp_port, safety_port, rate_limit, log_level (flags win)',
    ),
);
