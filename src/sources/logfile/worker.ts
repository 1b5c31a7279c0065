import { setTimeout as sleep } from 'node:timers/promises';
import { listSources, recordSourceError } from '../registry.js';
import type { Store } from '../../store/store.js';
import { SourceTail, type TailLog } from './source-tail.js';

/**
 * The log tailers of `evid serve` (docs/sources.md "Log files"): one async loop in the
 * server's process that follows every logfile source, picking up sources added or removed
 * while it runs (the sources table is read every SOURCES_EVERY_MS). Files are polled, which
 * works the same on every file system, NFS and container volumes included.
 */
export const POLL_MS = 250;
export const SOURCES_EVERY_MS = 2_000;

export interface LogTailers {
  /** Finishes the batch in progress, closes every file; resolves before the store may close. */
  stop(): Promise<void>;
}

export function startLogTailers(
  store: Store,
  log: TailLog,
  options: { pollMs?: number; sourcesEveryMs?: number } = {},
): LogTailers {
  const pollMs = options.pollMs ?? POLL_MS;
  const sourcesEvery = options.sourcesEveryMs ?? SOURCES_EVERY_MS;
  const tails = new Map<string, SourceTail>();
  const refused = new Set<string>();
  const abort = new AbortController();
  let stopping = false;
  let refreshedAt = -Infinity;

  const refresh = (): void => {
    const live = store.read((r) => listSources(r)).filter((s) => s.type === 'logfile');
    const ids = new Set(live.map((s) => s.source_id));
    for (const [id, tail] of tails) {
      if (ids.has(id)) continue;
      tail.close();
      tails.delete(id);
      log.info({ source_id: id }, 'log source removed: stopped tailing');
    }
    for (const source of live) {
      if (tails.has(source.source_id) || refused.has(source.source_id)) continue;
      try {
        tails.set(source.source_id, new SourceTail(store, source, log));
        log.info({ source_id: source.source_id, endpoint: source.endpoint }, 'tailing log source');
      } catch (err) {
        // A bad format option stops this source only, reported once.
        refused.add(source.source_id);
        log.error({ source_id: source.source_id }, (err as Error).message);
        recordSourceError(store, source.source_id, (err as Error).message);
      }
    }
  };

  const loop = (async () => {
    while (!stopping) {
      if (Date.now() - refreshedAt >= sourcesEvery) {
        try {
          refresh();
        } catch (err) {
          log.error({ err }, `reading log sources failed: ${(err as Error).message}`);
        }
        refreshedAt = Date.now();
      }
      for (const tail of tails.values()) {
        if (stopping) break;
        await tail.tick(() => stopping);
      }
      // With no log source to tail there is nothing to poll until the next look at the
      // sources: an idle server sleeps instead of waking every pollMs.
      const wait = tails.size
        ? pollMs
        : Math.max(pollMs, sourcesEvery - (Date.now() - refreshedAt));
      await sleep(wait, undefined, { signal: abort.signal }).catch(() => undefined);
    }
    for (const tail of tails.values()) tail.close();
  })();

  return {
    async stop() {
      stopping = true;
      abort.abort();
      await loop;
    },
  };
}
