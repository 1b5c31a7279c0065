import type { Store } from '../store/store.js';
import { getExecution, requestCancel, type Execution } from './executions.js';
import type { RunHandle } from './runner.js';

/**
 * Executions this process is running, so an answer can wait for one's end without
 * polling; one run elsewhere (another process on the store) is polled instead.
 */
const running = new Map<string, Promise<Execution>>();

export function trackRun(handle: RunHandle, background?: Set<Promise<unknown>>): void {
  const done = handle.done.finally(() => {
    running.delete(handle.execution_id);
    background?.delete(done);
  });
  done.catch(() => undefined); // its waiter sees the error; none must crash the server
  running.set(handle.execution_id, done);
  background?.add(done);
}

/** The execution once finished, or as it stands after `ms`. */
export async function waitFor(store: Store, id: string, ms: number): Promise<Execution> {
  const deadline = Date.now() + ms;
  const local = running.get(id);
  if (local) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    const finished = await Promise.race([local, timeout]);
    clearTimeout(timer);
    return finished ?? store.read((r) => getExecution(r, id));
  }
  for (;;) {
    const current = store.read((r) => getExecution(r, id));
    if (current.finished_at !== null || Date.now() >= deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, deadline - Date.now())));
  }
}

/** Asks every execution this process runs to stop (server shutdown); each records its end. */
export function cancelRunning(store: Store, actor: string): void {
  for (const id of running.keys()) {
    try {
      requestCancel(store, id, actor);
    } catch {
      // finished meanwhile
    }
  }
}
