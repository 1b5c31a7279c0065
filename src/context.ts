import { loadConfig, type Config, type ConfigInput } from './config/config.js';
import { parseQuotas } from './admin/quota.js';
import { Store } from './store/store.js';

/**
 * What commands and routes need, built once from config. The store opens on first use, so
 * `--help` never touches it; it is created by the first write, never by a read.
 */
export class AppContext {
  private storeInstance: Store | undefined;

  constructor(
    readonly config: Config,
    readonly clock: () => Date = () => new Date(),
  ) {}

  static fromEnv(input: ConfigInput = {}): AppContext {
    return new AppContext(loadConfig(input));
  }

  get store(): Store {
    this.storeInstance ??= new Store({
      dataDir: this.config.dataDir,
      actor: this.config.actor,
      now: this.clock,
      create: this.config.createStore,
      quotas: parseQuotas(this.config).limits,
    });
    return this.storeInstance;
  }

  /** A read-only store for `audit verify`: never creates, migrates or writes. */
  readonlyStore(): Store {
    return new Store({ dataDir: this.config.dataDir, actor: this.config.actor, readonly: true });
  }

  /** Warnings for people (the data directory's mode), once per process. */
  warnings(): string[] {
    const w = this.storeInstance?.warning;
    return w ? [w] : [];
  }

  close(): void {
    this.storeInstance?.close();
    this.storeInstance = undefined;
  }
}
