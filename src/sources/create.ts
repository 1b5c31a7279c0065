import type { Transactor } from '../store/store.js';
import { connectionOf, type Connection } from './connect.js';
import { addSource, type AddedSource, type SourceInput } from './manage.js';

/** `sources add` and `POST /api/v1/sources` answer alike: the source, its credential once, how to connect. */
export interface CreatedSource extends AddedSource {
  connect: Connection;
}

export function createSource(
  tx: Transactor,
  dataDir: string,
  input: SourceInput,
  baseUrl: string,
): CreatedSource {
  const added = addSource(tx, dataDir, input);
  return { ...added, connect: connectionOf(added.source, baseUrl) };
}
