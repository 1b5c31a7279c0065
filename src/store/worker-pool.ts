/**
 * A tiny pool for ledger-wide scans (audit verify, pack leaf hashes): `threads` workers of
 * one script, each with its own read connection to the store, take tasks in turn; results
 * come back in task order. Any worker error rejects the whole run (callers fall back to
 * scanning on the calling thread).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * True when the compiled worker script exists next to its caller: running from the
 * TypeScript sources (the tests), there is no .js to start, and callers scan in-thread.
 */
export function workerAvailable(script: URL): boolean {
  return existsSync(fileURLToPath(script));
}

export function runPool<Task, Result>(
  script: URL,
  dataDir: string,
  tasks: readonly Task[],
  threads: number,
  /** Called with the number of finished tasks after each one (progress reports). */
  onTaskDone?: (done: number) => void,
): Promise<Result[]> {
  const results = new Array<Result>(tasks.length);
  const workers: Worker[] = [];
  let next = 0;
  let done = 0;
  return new Promise<Result[]>((resolve, reject) => {
    let settled = false;
    const finish = (err?: unknown): void => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(results);
    };
    for (let i = 0; i < Math.min(threads, tasks.length); i++) {
      const worker = new Worker(script, { workerData: { dataDir } });
      workers.push(worker);
      let current = -1;
      const feed = (): void => {
        if (next < tasks.length) {
          current = next++;
          worker.postMessage(tasks[current]);
        }
      };
      worker.on('message', (result: Result) => {
        results[current] = result;
        done++; // not inside onTaskDone?.(): an absent callback would skip its arguments
        try {
          onTaskDone?.(done);
        } catch (err) {
          // Thrown inside a worker's message event it would be uncaught and end the process
          // (the server's, for a verify job): it ends this pool instead.
          finish(err);
          return;
        }
        if (done === tasks.length) finish();
        else feed();
      });
      worker.on('error', finish);
      worker.on('exit', (code) => {
        if (done < tasks.length) finish(new Error(`scan worker exited with code ${code}`));
      });
      feed();
    }
  });
}
