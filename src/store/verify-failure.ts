/** Why `audit verify` said no (REFERENCE.md section 1: a structured verdict, never a boolean). */
export type VerifyReason =
  | 'tampered'
  | 'missing'
  | 'reordered'
  | 'truncated'
  | 'signature'
  | 'unsealed'
  /** A row of a ledgered table with no ledger entry. */
  | 'unledgered'
  /** The signing key: missing, replaced, or a broken key chain. */
  | 'key'
  /** The store's keys are not the pinned one: history re-signed with another key. */
  | 'untrusted_key'
  /** The store is not an append-only extension of a saved checkpoint. */
  | 'rollback';

export interface FailedEntry {
  seq: number;
  kind: string;
  subject_id: string;
}

/** One failure: the first bad seq (null when no entry is at fault), the cause, what it hit. */
export class Failure {
  constructor(
    readonly reason: VerifyReason,
    readonly seq: number | null,
    readonly message: string,
    readonly row?: FailedEntry,
    /** A table row at fault (the records-to-ledger direction). */
    readonly tableRow?: { table: string; id: string },
  ) {}
}
