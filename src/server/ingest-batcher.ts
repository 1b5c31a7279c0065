import { ingestTraces, type AcceptedTrace, type RejectedTrace } from '../ingest/pipeline.js';
import type { Store } from '../store/store.js';

/**
 * Group commit for `POST /api/v1/traces`. Requests whose bodies are ready in the same turn
 * of the event loop (or within MAX_WAIT_MS, when concurrent clients are expected) go to the
 * ingest pipeline together: one call, one transaction, one signed tree head for the lot,
 * instead of one each. Every answer is sent only after the transaction holding its trace
 * has committed, so a 201 always means "stored".
 *
 * A batch never exceeds BATCH_EVENTS events (below the pipeline's own chunk size), so a
 * batch is exactly one transaction: all of it commits or none. If the batch throws (the
 * kill switch for one agent of the lot, say, or any unexpected error), each trace is
 * retried alone and gets its own answer; nothing of the failed batch was written. So one
 * trace's failure never changes another request's answer.
 */
const BATCH_EVENTS = 4_000;
const BATCH_TRACES = 500;
/**
 * Longest a request waits for the rest of its group. Concurrent clients drift into two
 * halves answered turn by turn (while one half is written, the other arrives); waiting this
 * long for the second half, when recent batches show it exists, commits both together.
 * A transaction's fixed part (BEGIN/COMMIT, the pages every batch rewrites, the signed tree
 * head) costs more than the wait.
 */
const MAX_WAIT_MS = 1;
/** The group size expected is the largest of this many recent batches (1 for a lone client). */
const RECENT_BATCHES = 16;

interface Pending {
  value: unknown;
  events: number;
  resolve(result: AcceptedTrace | RejectedTrace): void;
  reject(err: unknown): void;
}

export class IngestBatcher {
  private readonly queues = new Map<string, Pending[]>();
  private queued = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly recent: number[] = [];

  constructor(
    private readonly store: () => Store,
    private readonly source = 'rest',
  ) {}

  /** Ingests one trace ingestion request on behalf of `actor` (the ledger's actor). */
  submit(value: unknown, actor: string): Promise<AcceptedTrace | RejectedTrace> {
    return new Promise((resolve, reject) => {
      const events = (value as { events?: unknown })?.events;
      const queue = this.queues.get(actor) ?? [];
      queue.push({ value, events: Array.isArray(events) ? events.length : 0, resolve, reject });
      this.queues.set(actor, queue);
      this.queued++;
      if (!this.scheduled) {
        // At the end of this turn of the event loop: every body read in it is queued.
        this.scheduled = true;
        setImmediate(() => this.flushOrWait());
      }
    });
  }

  private flushOrWait(): void {
    this.scheduled = false;
    if (this.queued >= Math.max(1, ...this.recent)) return this.flush();
    this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.recent.push(this.queued);
    if (this.recent.length > RECENT_BATCHES) this.recent.shift();
    this.queued = 0;
    const queues = [...this.queues];
    this.queues.clear();
    for (const [actor, queue] of queues) {
      let batch: Pending[] = [];
      let events = 0;
      for (const p of queue) {
        if (
          batch.length > 0 &&
          (events + p.events > BATCH_EVENTS || batch.length >= BATCH_TRACES)
        ) {
          this.run(batch, actor);
          batch = [];
          events = 0;
        }
        batch.push(p);
        events += p.events;
      }
      if (batch.length > 0) this.run(batch, actor);
    }
  }

  private run(batch: Pending[], actor: string): void {
    try {
      const report = ingestTraces(
        this.store(),
        batch.map((p, index) => ({ index, value: p.value })),
        { source: this.source, actor },
      );
      for (const a of report.accepted) batch[a.index]!.resolve(a);
      for (const r of report.rejected) batch[r.index]!.resolve(r);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const p of batch) this.run([p], actor);
    }
  }
}
