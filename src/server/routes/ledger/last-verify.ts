import type { StoreVerdict } from '../../../store/verify-store.js';
import type { ServerContext } from '../../route.js';

export interface VerifyRun {
  started_at: string;
  finished_at: string;
  actor: string;
  verdict: StoreVerdict;
}

/** The last verify run by this server process (kept in memory: a new process runs anew). */
const runs = new WeakMap<ServerContext, VerifyRun>();

export const lastVerify = (ctx: ServerContext): VerifyRun | undefined => runs.get(ctx);
export const rememberVerify = (ctx: ServerContext, run: VerifyRun): void => {
  runs.set(ctx, run);
};
