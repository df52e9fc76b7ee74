/**
 * The host's canonical panel state. Every change is an action, numbered in sequence, so webview
 * replicas can fold the same actions and notice a gap.
 *
 * A replay (the history `session/load` streams back) is held: the actions dispatched meanwhile are
 * queued and folded as one batch (one copy of the thread, not one per update) when the hold ends,
 * or earlier if someone reads `state` or `seq`, so readers always see every action dispatched so far.
 */
import {
  type PanelAction,
  type PanelState,
  initialPanelState,
  reducePanel,
  reducePanelBatch,
} from "../../shared/panelState";

/** `replayed`: the action came from a held replay; a snapshot follows when the replay ends. */
export type ActionListener = (action: PanelAction, seq: number, replayed: boolean) => void;

export class PanelStore {
  private current: PanelState = initialPanelState;
  private lastSeq = 0;
  private holds = 0;
  private held: PanelAction[] = [];
  private folding = false;
  private readonly listeners = new Set<ActionListener>();
  private readonly replayListeners = new Set<() => void>();

  get state(): PanelState {
    this.foldHeld();
    return this.current;
  }

  /** The number of the last action applied; a snapshot taken now is "at" this number. */
  get seq(): number {
    this.foldHeld();
    return this.lastSeq;
  }

  /** True while a replay is held. */
  get isReplaying(): boolean {
    return this.holds > 0;
  }

  dispatch(action: PanelAction): void {
    if (this.holds > 0) {
      this.held.push(action);
      return;
    }
    this.current = reducePanel(this.current, action);
    this.lastSeq += 1;
    for (const listener of this.listeners) listener(action, this.lastSeq, false);
  }

  /**
   * Holds what is dispatched until the returned function is called (once; later calls do
   * nothing). Then the held actions are folded, listeners hear each of them (`replayed` true), and
   * when no hold is left the `onDidReplay` listeners run.
   */
  holdReplay(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Still held while folding: what listeners dispatch meanwhile joins the batch, in order.
      if (this.holds === 1) this.foldHeld();
      this.holds -= 1;
      if (this.holds === 0) for (const listener of this.replayListeners) listener();
    };
  }

  subscribe(listener: ActionListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Called each time a held replay has ended (its actions folded and announced). */
  onDidReplay(listener: () => void): { dispose(): void } {
    this.replayListeners.add(listener);
    return { dispose: () => this.replayListeners.delete(listener) };
  }

  private foldHeld(): void {
    if (this.folding || this.held.length === 0) return;
    this.folding = true;
    try {
      while (this.held.length > 0) {
        const batch = this.held;
        this.held = [];
        const first = this.lastSeq + 1;
        this.current = reducePanelBatch(this.current, batch);
        this.lastSeq += batch.length;
        batch.forEach((action, at) => {
          for (const listener of this.listeners) listener(action, first + at, true);
        });
      }
    } finally {
      this.folding = false;
    }
  }
}
