import { runJson, tempDataDir } from './cli.js';
import { startServer, type RunningServer } from './server.js';

/** A store with one otel source and `evid serve` on a second, OTLP port (--otlp-port 0). */
export interface OtelSourceServer {
  store: { dir: string; cleanup(): void };
  server: RunningServer;
  /** The source's ingest token. */
  token: string;
  sourceId: string;
  /** The OTLP listener's `/v1/traces` URL. */
  otlpUrl: string;
  stop(): Promise<void>;
}

export async function startOtelSource(prefix: string, name: string): Promise<OtelSourceServer> {
  const store = tempDataDir(prefix);
  const added = await runJson<{ source: { source_id: string }; credential: { value: string } }>(
    'evid',
    ['sources', 'add', '--type', 'otel', '--name', name],
    { dataDir: store.dir },
  );
  const server = await startServer({ dataDir: store.dir, args: ['--otlp-port', '0'] });
  return {
    store,
    server,
    token: added.data.credential.value,
    sourceId: added.data.source.source_id,
    otlpUrl: server.otlp!,
    async stop() {
      await server.stop();
      store.cleanup();
    },
  };
}
