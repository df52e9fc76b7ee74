/**
 * The host's canonical panel state. Every change is an action, numbered in sequence, so webview
 * replicas can fold the same actions and notice a gap.
 */
import { type PanelAction, type PanelState, initialPanelState, reducePanel } from "../shared/panelState";

export type ActionListener = (action: PanelAction, seq: number) => void;

export class PanelStore {
  private current: PanelState = initialPanelState;
  private lastSeq = 0;
  private readonly listeners = new Set<ActionListener>();

  get state(): PanelState {
    return this.current;
  }

  /** The number of the last action applied; a snapshot taken now is "at" this number. */
  get seq(): number {
    return this.lastSeq;
  }

  dispatch(action: PanelAction): void {
    this.current = reducePanel(this.current, action);
    this.lastSeq += 1;
    for (const listener of this.listeners) listener(action, this.lastSeq);
  }

  subscribe(listener: ActionListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}
