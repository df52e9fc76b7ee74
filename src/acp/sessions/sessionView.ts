/**
 * One webview's view of the SessionManager. The side panel follows the active tab; an editor tab
 * (*Open Session in Editor*) follows one tab, whichever tab the panel shows. Each view has its own
 * ReplicaFeed on the tab's PanelStore, so one ChatSession renders in the panel and in any number
 * of editor tabs at once, each with its own numbering and flow control: a hidden or slow view
 * never holds back another. Whatever a view does (a prompt, a steer, Stop, a permission or form
 * answered) goes to the one ChatSession and comes back to every view as the store's actions, so
 * an answered permission leaves every view in the same step.
 */
import type { HostMessage } from "../../shared/wire/protocol";
import type { ChatSession } from "./chatSession";
import type { EditorPlacements } from "./editorPlacements";
import { ReplicaFeed } from "./replicaFeed";
import type { SessionManager } from "./sessionManager";

/** `active`: the panel, following the active tab. `tab`: an editor tab, fixed to one tab. */
export type ViewTarget = { readonly kind: "active" } | { readonly kind: "tab"; readonly key: string };

export interface SessionViewOptions {
  readonly manager: SessionManager;
  readonly target: ViewTarget;
  readonly placements: EditorPlacements;
  readonly post: (message: HostMessage) => void;
  /**
   * The side panel: when its last tab closes, a new tab on the default agent takes its place, so
   * the view never keeps showing a closed tab's transcript over a composer with no session behind it.
   */
  readonly keepTab?: boolean;
  /** ReplicaFeed timing (tests). */
  readonly flushMs?: number;
  readonly ackTimeoutMs?: number;
}

export class SessionView {
  private readonly feed: ReplicaFeed;
  private bound: ChatSession | undefined;
  private readonly subscriptions: Array<{ dispose(): void }>;
  private readonly lostListeners = new Set<() => void>();
  private lastEditorSession = "";
  private lost = false;
  /** The webview asked for a snapshot while no tab was bound: the next tab bound sends it one. */
  private snapshotOwed = false;

  constructor(private readonly options: SessionViewOptions) {
    this.feed = new ReplicaFeed((message) => options.post(message), options.flushMs, options.ackTimeoutMs);
    this.subscriptions = [
      options.manager.onDidChange(() => this.onChanged()),
      options.placements.onDidChange(() => this.sendTabs()),
    ];
    this.bind();
  }

  /** The tab this view shows: the active one, or its own while it is open. */
  get tabKey(): string | undefined {
    const { manager, target } = this.options;
    if (target.kind === "active") return manager.activeTabKey;
    return manager.tab(target.key) ? target.key : undefined;
  }

  /** The session this view's messages (prompt, Stop, answers) act on. */
  get session(): ChatSession | undefined {
    const key = this.tabKey;
    return key === undefined ? undefined : this.options.manager.tab(key);
  }

  get isSynced(): boolean {
    return this.feed.isSynced;
  }

  /** A fresh snapshot and the tab strip (the webview said `webview/ready` or asked `state/resync`). */
  resync(): void {
    this.snapshotOwed = !this.bound;
    if (this.bound) this.feed.snapshot();
    this.sendTabs(true);
  }

  acknowledge(seq: number, history?: number): void {
    this.feed.acknowledge(seq, history);
  }

  /** The webview is gone or reloading: nothing is streamed until it asks again. */
  unsync(): void {
    this.snapshotOwed = false;
    this.feed.unsync();
  }

  /** An editor view's tab was closed: the view has nothing left to show. */
  onDidLoseTab(listener: () => void): { dispose(): void } {
    this.lostListeners.add(listener);
    return { dispose: () => this.lostListeners.delete(listener) };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.feed.dispose();
    this.lostListeners.clear();
  }

  private bind(): void {
    this.bound = this.session;
    this.feed.bind(this.bound?.store);
  }

  private onChanged(): void {
    const { manager, target, keepTab } = this.options;
    // Only once a shown tab closed (not before the first tab, while tabs are being restored).
    // Opening the new tab calls back here, which binds it and sends its snapshot.
    if (keepTab && target.kind === "active" && this.bound && manager.summaries().length === 0) void manager.newTab();
    if (this.bound !== this.session) {
      this.bind();
      // A webview that asked before any tab existed (a second window, tabs still being claimed)
      // is not synced yet, but is waiting for this snapshot all the same.
      if (this.bound && (this.feed.isSynced || this.snapshotOwed)) {
        this.snapshotOwed = false;
        this.feed.snapshot();
      }
    }
    if (this.options.target.kind === "tab" && !this.bound && !this.lost) {
      this.lost = true;
      for (const listener of [...this.lostListeners]) listener();
      return;
    }
    this.sendTabs();
  }

  /** `force`: say the editor's session even if unchanged (the webview asked for everything). */
  private sendTabs(force = false): void {
    const { manager, target, placements, post } = this.options;
    if (target.kind === "active") {
      const activeKey = manager.activeTabKey;
      post({ type: "tabs/state", tabs: placements.decorate(manager.summaries()), ...(activeKey ? { activeKey } : {}) });
      return;
    }
    const own = manager.summaries().find((summary) => summary.key === target.key);
    if (!own) return;
    post({ type: "tabs/state", tabs: [own], activeKey: own.key });
    // The webview keeps the session in its state for the reload serializer; said again when it changes.
    const { agent, sessionId } = own;
    if (!agent || !sessionId) return;
    const key = JSON.stringify([agent, sessionId]);
    if (!force && key === this.lastEditorSession) return;
    this.lastEditorSession = key;
    post({ type: "editor/session", agent, sessionId });
  }
}
