import { EvidError } from '../errors.js';
import { ingestTraces, type AcceptedTrace, type RejectedTrace } from '../ingest/pipeline.js';
import type { Store } from '../store/store.js';

/**
 * Group commit for `POST /api/v1/traces`. Requests whose bodies are ready in the same turn
 * of the event loop go to the ingest pipeline together: one call, one transaction, one
 * signed tree head for the lot, instead of one each. Every answer is sent only after the
 * transaction holding its trace has committed, so a 201 always means "stored".
 *
 * A batch never exceeds BATCH_EVENTS events (below the pipeline's own chunk size), so a
 * batch is exactly one transaction: all of it commits or none. If the batch throws (the
 * kill switch for one agent of the lot, say), each trace is retried alone and gets its
 * own answer; nothing of the failed batch was written.
 */
const BATCH_EVENTS = 4_000;
const BATCH_TRACES = 500;

interface Pending {
  value: unknown;
  events: number;
  resolve(result: AcceptedTrace | RejectedTrace): void;
  reject(err: unknown): void;
}

export class IngestBatcher {
  private readonly queues = new Map<string, Pending[]>();
  private scheduled = false;

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
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
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
      if (batch.length === 1 || !(err instanceof EvidError)) {
        for (const p of batch) p.reject(err);
        return;
      }
      for (const p of batch) this.run([p], actor);
    }
  }
}
