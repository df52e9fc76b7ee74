/**
 * The `acpPanel.chat` webview view. It renders nothing itself: it syncs the active tab's state to
 * the webview replica (a snapshot, then numbered action batches), sends the tab strip on its own
 * channel, and hands validated messages to panelMessages.ts. Agents outlive the view: hiding or
 * reloading the webview only re-syncs it, and switching tabs never touches a running turn.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/chatSession";
import type { Logger } from "../acp/ports";
import type { SessionManager } from "../acp/sessionManager";
import type { PanelAction } from "../shared/panelState";
import { type HostMessage, webviewMessageSchema } from "../shared/protocol";
import { renderWebviewHtml } from "./webviewHtml";
import { handlePanelMessage, type PanelMessageContext } from "./panelMessages";

/** Streamed actions are posted in batches at most this often. */
const FLUSH_MS = 8;

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private synced = false;
  private pending: PanelAction[] = [];
  private pendingFirstSeq = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private bound: { session: ChatSession; subscription: { dispose(): void } } | undefined;
  private readonly managerSubscription: { dispose(): void };
  private readonly messages: PanelMessageContext;
  private readonly restore: () => Promise<boolean>;
  private restored = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly manager: SessionManager,
    private readonly logger: Logger,
    context: Omit<PanelMessageContext, "manager" | "logger" | "post" | "resync"> & { restore: () => Promise<boolean> },
  ) {
    this.restore = context.restore;
    this.messages = { ...context, manager, logger, post: (message) => this.post(message), resync: () => this.sendSnapshot() };
    this.managerSubscription = manager.onDidChange(() => this.onTabsChanged());
    this.bindActive();
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    this.view = view;
    this.synced = false;
    view.webview.options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, "dist", "webview")] };
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
    });
    view.webview.html = await renderWebviewHtml(view.webview, this.extensionUri);
    if (!this.restored) {
      this.restored = true;
      if (!this.manager.active && (await this.restore())) return;
    }
    if (!this.manager.active) await this.manager.newTab();
    else if (this.manager.active.store.state.connection.status === "none") void this.manager.active.start();
  }

  reveal(): void {
    this.view?.show(true);
  }

  /** The first-run catalog, to resend when settings change. */
  catalogMessage(): HostMessage {
    return this.messages.catalog();
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /** Sends a message straight to the webview (composer commands). */
  post(message: HostMessage): void {
    void this.view?.webview.postMessage(message);
  }

  dispose(): void {
    this.managerSubscription.dispose();
    this.bound?.subscription.dispose();
    if (this.flushTimer) clearTimeout(this.flushTimer);
  }

  private receive(raw: unknown): void {
    const parsed = webviewMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn(`Dropped an invalid message from the webview: ${parsed.error.message}`);
      return;
    }
    void handlePanelMessage(parsed.data, this.messages).catch((error: unknown) => this.logger.error(`Handling ${parsed.data.type} failed: ${String(error)}`));
  }

  private onTabsChanged(): void {
    if (this.bound?.session !== this.manager.active) {
      this.bindActive();
      if (this.synced) this.sendSnapshot();
    }
    this.post({ type: "tabs/state", tabs: this.manager.summaries(), ...(this.manager.activeTabKey ? { activeKey: this.manager.activeTabKey } : {}) });
  }

  private bindActive(): void {
    this.bound?.subscription.dispose();
    const session = this.manager.active;
    this.bound = session ? { session, subscription: session.store.subscribe((action, seq) => this.enqueue(session, action, seq)) } : undefined;
  }

  private sendSnapshot(): void {
    const session = this.bound?.session;
    this.pending = [];
    if (!session) return;
    this.synced = true;
    this.post({ type: "state/snapshot", seq: session.store.seq, state: session.store.state });
    this.post({ type: "tabs/state", tabs: this.manager.summaries(), ...(this.manager.activeTabKey ? { activeKey: this.manager.activeTabKey } : {}) });
  }

  private enqueue(session: ChatSession, action: PanelAction, seq: number): void {
    if (!this.view || !this.synced || this.bound?.session !== session) return; // the next snapshot carries it
    if (this.pending.length === 0) this.pendingFirstSeq = seq;
    this.pending.push(action);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
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
