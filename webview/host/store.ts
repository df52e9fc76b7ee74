/**
 * The webview's replica of the host's panel state.
 *
 * The host owns the canonical state. After `webview/ready` it sends `state/snapshot` (seq N) and
 * then numbered `state/actions` batches (N+1, N+2, …) that this store folds with the same shared
 * reducer. A gap means an update was lost: the store drops everything until a fresh snapshot
 * arrives and asks for one exactly once.
 *
 * React sees at most one new state per animation frame, however fast the agent streams. Each
 * frame that publishes a new snapshot or new actions acknowledges them (`state/ack`): the host
 * sends the next batch only then, folding whatever arrived meanwhile into it.
 *
 * One exception: the batch that brings a reply's first output (its first message or thought chunk,
 * tool call or plan after `turn/started`: replyOutput.ts, the host's flow control's rule too) is
 * published as it arrives when no frame is pending, so it renders in the message's task and the
 * next frame only lays it out and paints it. Waiting for that frame put the render between the
 * frame's start and its paint: the words the user waits for came a render later than on the
 * floor's page, which appends them as the message arrives.
 *
 * A long thread arrives as its tail, then as `state/history` slices of older entries that are
 * prepended (threadHistory.ts); their ack says where the held thread now starts.
 */
import {
  type PanelAction,
  type PanelState,
  initialPanelState,
  reducePanelBatch,
} from "../../src/shared/wire/panelState";
import { FirstReplyOutput } from "../../src/shared/wire/replyOutput";
import type { HostMessage, WebviewMessage } from "../../src/shared/wire/protocol";
import { prependHistory } from "../../src/shared/thread/threadHistory";
import { noteStreamedText, streamedChars } from "./streamFlood";

type StateMessage = Extract<HostMessage, { type: "state/snapshot" | "state/actions" | "state/history" }>;

export type FrameScheduler = (callback: () => void) => void;

export class ReplicaStore {
  /** The folded state, ahead of React by up to one frame. */
  private state: PanelState = initialPanelState;
  /** The state React renders; replaced once per frame. */
  private published: PanelState = initialPanelState;
  private lastSeq = 0;
  private ackedSeq = 0;
  /**
   * True while a snapshot is on its way: at startup (the ready handshake asks for one) and after a
   * gap (we sent `state/resync`). Action batches are dropped meanwhile; the snapshot supersedes them.
   */
  private awaitingSnapshot = true;
  private framePending = false;
  /** A history slice was folded: the next frame acknowledges it with where the thread now starts. */
  private historyToAck: number | undefined;
  /** Picks out the reply's first output among the batches. */
  private readonly replyStart = new FirstReplyOutput();
  /** Reply text the batches since the last published frame appended (streamFlood.ts). */
  private streamedSincePublish = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly post: (message: WebviewMessage) => void,
    private readonly scheduleFrame: FrameScheduler = (callback) => void requestAnimationFrame(callback),
  ) {}

  /** Announces the webview; the host answers with a snapshot. Call after listening for messages. */
  start(): void {
    this.post({ type: "webview/ready" });
  }

  receive(message: StateMessage): void {
    if (message.type === "state/history") return this.receiveHistory(message);
    if (message.type === "state/snapshot") {
      this.state = message.state;
      this.lastSeq = message.seq;
      // Acknowledged once rendered, like a batch: the whole thread follows the ack of its tail.
      this.ackedSeq = message.seq - 1;
      this.awaitingSnapshot = false;
      this.historyToAck = undefined;
      this.replyStart.reset();
      this.changed();
      return;
    }
    if (this.awaitingSnapshot) return;
    if (message.seq !== this.lastSeq + 1) {
      this.requestResync(`expected action ${this.lastSeq + 1}, got ${message.seq}`);
      return;
    }
    let state: PanelState;
    try {
      // One copy of the entry list per batch, however many actions it holds.
      state = reducePanelBatch(this.state, message.actions);
    } catch (error) {
      this.requestResync(`the reducer failed: ${String(error)}`);
      return;
    }
    const firstOutput = this.noteReplyOutput(message.actions);
    this.state = state;
    this.lastSeq = message.through ?? message.seq + message.actions.length - 1;
    this.streamedSincePublish += streamedChars(message.actions);
    if (firstOutput && !this.framePending) this.publish();
    else this.changed();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PanelState => this.published;

  private receiveHistory(message: Extract<StateMessage, { type: "state/history" }>): void {
    if (this.awaitingSnapshot) return;
    // A slice that does not join the held entries is stale (a snapshot replaced the thread): dropped.
    const thread = prependHistory(this.state.thread, message);
    if (!thread) return;
    this.state = { ...this.state, thread };
    this.historyToAck = thread.omittedEntries ?? 0;
    this.changed();
  }

  private requestResync(reason: string): void {
    console.warn(`ACP Panel: state out of sync (${reason}); asking the host for a snapshot`);
    this.awaitingSnapshot = true;
    this.post({ type: "state/resync" });
  }

  private changed(): void {
    if (this.framePending) return;
    this.framePending = true;
    this.scheduleFrame(() => {
      this.framePending = false;
      this.publish();
    });
  }

  /** Whether `actions` bring the first output of the reply the last `turn/started` began. */
  private noteReplyOutput(actions: readonly PanelAction[]): boolean {
    let first = false;
    // Every action goes through: the watch follows turns across the batch.
    for (const action of actions) if (this.replyStart.isFirst(action)) first = true;
    return first;
  }

  /** Hands the folded state to React and acknowledges what it holds. */
  private publish(): void {
    if (this.published === this.state) return;
    this.published = this.state;
    // Noted as the frame renders, not as the batch arrives: a flood lasts from the frame that shows it.
    noteStreamedText(this.streamedSincePublish);
    this.streamedSincePublish = 0;
    for (const listener of this.listeners) listener();
    if (this.awaitingSnapshot) return;
    const history = this.historyToAck;
    this.historyToAck = undefined;
    if (this.lastSeq > this.ackedSeq || history !== undefined) {
      this.ackedSeq = this.lastSeq;
      this.post({ type: "state/ack", seq: this.lastSeq, ...(history === undefined ? {} : { history }) });
    }
  }
}
