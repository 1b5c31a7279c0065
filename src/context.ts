import { loadConfig, type Config, type ConfigInput } from './config/config.js';
import { createSigner, type Signer } from './store/signer.js';
import { Store } from './store/store.js';

/**
 * What commands and routes need, built once from config. Costly parts (opening the store,
 * loading or creating the signing key) are lazy getters, so `--help` touches neither.
 */
export class AppContext {
  private storeInstance: Store | undefined;
  private signerInstance: Signer | undefined;

  constructor(
    readonly config: Config,
    readonly clock: () => Date = () => new Date(),
  ) {}

  static fromEnv(input: ConfigInput = {}): AppContext {
    return new AppContext(loadConfig(input));
  }

  get signer(): Signer {
    this.signerInstance ??= createSigner(this.config.dataDir);
    return this.signerInstance;
  }

  get store(): Store {
    this.storeInstance ??= new Store({
      dataDir: this.config.dataDir,
      actor: this.config.actor,
      signer: () => this.signer,
      now: this.clock,
    });
    return this.storeInstance;
  }

  close(): void {
    this.storeInstance?.close();
    this.storeInstance = undefined;
  }
}
