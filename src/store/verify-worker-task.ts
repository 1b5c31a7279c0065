import type { ChunkResult, ChunkTask } from './verify-scan.js';

/** What the verify workers take: a chunk of the ledger, or the rows' state check. */
export type VerifyTask = ChunkTask | { state: true };
export type VerifyResult = ChunkResult | { stateOk: boolean };

export const STATE_TASK: VerifyTask = { state: true };
