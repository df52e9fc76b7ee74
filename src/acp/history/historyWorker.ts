/**
 * The worker that owns the FTS5 index (its own esbuild entry, dist/historyWorker.js), so the
 * synchronous `DatabaseSync` never blocks the extension host. `workerData`: `{ path, noFts? }`
 * (`noFts` makes the probe fail, for tests). It first posts `{ id: 0 }` with the probe's outcome,
 * then answers each request `{ id, op, args }` with `{ id, ok, value }` or `{ id, ok: false,
 * error, corrupt }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { FtsStore, IndexCorruptError, type ConversationPut } from "./ftsStore";
import { probeFts5 } from "./sqliteFts";

export type WorkerRequest =
  | { readonly id: number; readonly op: "versions" | "clear" | "close" }
  | { readonly id: number; readonly op: "put"; readonly puts: readonly ConversationPut[] }
  | { readonly id: number; readonly op: "remove"; readonly keys: readonly string[] }
  | { readonly id: number; readonly op: "search"; readonly terms: readonly string[]; readonly limit: number };

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly value?: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string; readonly corrupt?: boolean };

const { path, noFts } = workerData as { path: string; noFts?: boolean };
const port = parentPort!;
const probe = noFts ? { ok: false as const, reason: "FTS5 probe disabled (test)" } : probeFts5();
let store: FtsStore | undefined;
if (!probe.ok) {
  port.postMessage({ id: 0, ok: false, error: probe.reason } satisfies WorkerReply);
} else {
  try {
    store = FtsStore.open(probe.sqlite, path);
    port.postMessage({ id: 0, ok: true, value: { rebuilt: store.rebuilt } } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: String(error) } satisfies WorkerReply);
  }
}

port.on("message", (request: WorkerRequest) => {
  if (!store) return port.postMessage({ id: request.id, ok: false, error: "no index" } satisfies WorkerReply);
  try {
    port.postMessage({ id: request.id, ok: true, value: answer(store, request) } satisfies WorkerReply);
  } catch (error) {
    port.postMessage({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      corrupt: error instanceof IndexCorruptError,
    } satisfies WorkerReply);
  }
});

function answer(index: FtsStore, request: WorkerRequest): unknown {
  switch (request.op) {
    case "versions":
      return index.versions();
    case "clear":
      return index.clear();
    case "close":
      index.close();
      store = undefined;
      return undefined;
    case "put":
      return index.put(request.puts);
    case "remove":
      return index.remove(request.keys);
    case "search":
      return index.search(request.terms, request.limit);
  }
}
