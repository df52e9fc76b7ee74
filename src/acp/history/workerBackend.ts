/**
 * The FTS5 index, from the extension host's side: a worker_threads Worker running
 * historyWorker.ts, spoken to by numbered requests. `open` resolves to the backend, or to the
 * reason FTS5 is not available (the probe failed in the worker), so the caller falls back.
 */
import { Worker } from "node:worker_threads";
import type { HistoryBackend } from "./historyBackend";
import { removeIndexFile, type ConversationPut, type IndexHit } from "./ftsStore";
import type { WorkerReply, WorkerRequest } from "./historyWorker";

export interface WorkerBackendOptions {
  /** dist/historyWorker.js (or the .ts source under tsx, in tests). */
  readonly script: string;
  /** The index file (in the extension's global storage). */
  readonly path: string;
  /** Make the probe fail (tests of the fallback). */
  readonly noFts?: boolean;
}

/** A request failed because the index file is damaged: the service deletes it and rebuilds. */
export class CorruptIndexError extends Error {}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export async function openWorkerBackend(
  options: WorkerBackendOptions,
): Promise<{ backend: WorkerBackend; rebuilt: boolean } | { reason: string }> {
  const worker = new Worker(options.script, { workerData: { path: options.path, noFts: options.noFts === true } });
  const pending = new Map<number, Pending>();
  const first = new Promise<WorkerReply>((resolve) => {
    pending.set(0, {
      resolve: (value) => resolve({ id: 0, ok: true, value }),
      reject: (error) => resolve({ id: 0, ok: false, error: error.message }),
    });
  });
  worker.on("message", (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(reply.corrupt ? new CorruptIndexError(reply.error) : new Error(reply.error));
  });
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the history index worker exited (${code})`)));
  const opened = await first;
  if (!opened.ok) {
    await worker.terminate();
    return { reason: opened.error };
  }
  const rebuilt = (opened.value as { rebuilt?: boolean } | undefined)?.rebuilt === true;
  return { backend: new WorkerBackend(worker, pending), rebuilt };
}

export class WorkerBackend implements HistoryBackend {
  readonly engine = "fts5" as const;
  private next = 1;

  constructor(
    private readonly worker: Worker,
    private readonly pending: Map<number, Pending>,
  ) {}

  versions(): Promise<Record<string, string>> {
    return this.ask({ op: "versions" }) as Promise<Record<string, string>>;
  }

  async put(puts: readonly ConversationPut[]): Promise<void> {
    await this.ask({ op: "put", puts });
  }

  async remove(keys: readonly string[]): Promise<void> {
    await this.ask({ op: "remove", keys });
  }

  async clear(): Promise<void> {
    await this.ask({ op: "clear" });
  }

  search(terms: readonly string[], limit: number): Promise<IndexHit[]> {
    return this.ask({ op: "search", terms, limit }) as Promise<IndexHit[]>;
  }

  async dispose(): Promise<void> {
    await this.ask({ op: "close" }).catch(() => undefined);
    await this.worker.terminate();
  }

  private ask(request: DistributiveOmit<WorkerRequest, "id">): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The service's `openIndex` for the index file at `path`: `fresh` deletes it first (rebuild). */
export function workerIndex(options: WorkerBackendOptions) {
  return async (fresh: boolean): Promise<{ backend: WorkerBackend; rebuilt: boolean } | { reason: string }> => {
    if (fresh) removeIndexFile(options.path);
    return openWorkerBackend(options);
  };
}
