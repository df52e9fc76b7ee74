/**
 * Keeps the webview's replica in sync with the active tab's PanelStore (see src/shared/protocol.ts):
 * a `state/snapshot` at seq N, then the store's actions as `state/actions` batches numbered N+1,
 * N+2, …, posted at most every `flushMs`.
 *
 * A held replay (`session/load` streaming a session's history) is not streamed: its actions are
 * left out and one snapshot follows when it ends, so the webview renders the loaded thread once
 * instead of growing it update by update. The snapshot's seq covers the skipped actions, so the
 * numbering the webview checks has no gap.
 */
import type { PanelAction } from "../shared/panelState";
import type { HostMessage } from "../shared/protocol";
import type { PanelStore } from "./panelStore";

type Post = (message: Extract<HostMessage, { type: "state/snapshot" | "state/actions" }>) => void;

export class ReplicaFeed {
  private synced = false;
  private pending: PanelAction[] = [];
  private pendingFirstSeq = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private bound: { store: PanelStore; subscriptions: Array<{ dispose(): void }> } | undefined;

  /** `flushMs`: streamed actions are posted in batches at most this often. */
  constructor(private readonly post: Post, private readonly flushMs = 8) {}

  /** True once a snapshot went out (until `unsync`): actions are streamed. */
  get isSynced(): boolean {
    return this.synced;
  }

  /** Follows `store` (the active tab's), or none. Send a snapshot after switching. */
  bind(store: PanelStore | undefined): void {
    if (this.bound?.store === store) return;
    for (const subscription of this.bound?.subscriptions ?? []) subscription.dispose();
    this.pending = [];
    this.bound = store ? {
      store,
      subscriptions: [
        store.subscribe((action, seq, replayed) => this.enqueue(store, action, seq, replayed)),
        store.onDidReplay(() => {
          if (this.synced && this.bound?.store === store) this.snapshot();
        }),
      ],
    } : undefined;
  }

  /** Sends a snapshot of the bound store; its actions are streamed from then on. */
  snapshot(): void {
    this.pending = [];
    const store = this.bound?.store;
    if (!store) return;
    this.synced = true;
    this.post({ type: "state/snapshot", seq: store.seq, state: store.state });
  }

  /** The webview is gone or reloading: nothing is posted until it asks for a snapshot. */
  unsync(): void {
    this.synced = false;
    this.pending = [];
  }

  dispose(): void {
    this.bind(undefined);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  private enqueue(store: PanelStore, action: PanelAction, seq: number, replayed: boolean): void {
    // Not synced: the next snapshot carries it. Replayed: the snapshot at the replay's end does.
    if (!this.synced || replayed || this.bound?.store !== store) return;
    if (this.pending.length === 0) this.pendingFirstSeq = seq;
    this.pending.push(action);
    this.flushTimer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  private flush(): void {
    this.flushTimer = undefined;
    if (this.pending.length === 0) return;
    const actions = this.pending;
    this.pending = [];
    // A failed post leaves a gap; the webview notices it and asks for a snapshot.
    this.post({ type: "state/actions", seq: this.pendingFirstSeq, actions });
  }
}
