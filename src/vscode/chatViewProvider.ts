/**
 * The `acpPanel.chat` webview view. It renders nothing itself: it syncs the host's panel state
 * to the webview replica (snapshot, then numbered action batches) and turns validated webview
 * messages into calls on the ChatSession. The agent outlives the view: hiding or reloading the
 * webview only re-syncs it.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/chatSession";
import type { Logger } from "../acp/ports";
import type { PanelAction } from "../shared/panelState";
import { type HostMessage, type WebviewMessage, webviewMessageSchema } from "../shared/protocol";
import { renderWebviewHtml } from "./webviewHtml";
import type { EditorNavigation } from "./editorNavigation";
import type { FollowAgent } from "./followAgent";

/** Streamed actions are posted in batches at most this often. */
const FLUSH_MS = 8;

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewId = "acpPanel.chat";
  private view: vscode.WebviewView | undefined;
  private synced = false;
  private pending: PanelAction[] = [];
  private pendingFirstSeq = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly session: ChatSession,
    private readonly logger: Logger,
    private readonly showLogs: () => void,
    private readonly navigation: EditorNavigation,
    private readonly follow: FollowAgent,
  ) {
    this.subscription = session.store.subscribe((action, seq) => this.enqueue(action, seq));
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    this.view = view;
    this.synced = false;
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, "dist", "webview")],
    };
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
    });
    view.webview.html = await renderWebviewHtml(view.webview, this.extensionUri);
    if (this.session.store.state.connection.status === "none") void this.session.start();
  }

  reveal(): void {
    this.view?.show(true);
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /** Sends a message straight to the webview (composer commands). */
  post(message: HostMessage): void {
    void this.view?.webview.postMessage(message);
  }

  dispose(): void {
    this.subscription.dispose();
    if (this.flushTimer) clearTimeout(this.flushTimer);
  }

  private receive(raw: unknown): void {
    const parsed = webviewMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn(`Dropped an invalid message from the webview: ${parsed.error.message}`);
      return;
    }
    this.handle(parsed.data);
  }

  private handle(message: WebviewMessage): void {
    switch (message.type) {
      case "webview/ready":
      case "state/resync":
        this.sendSnapshot();
        return;
      case "prompt/send":
        if (message.text.trim() || message.attachments.length > 0) void this.session.prompt(message.text, message.attachments);
        return;
      case "turn/cancel":
        void this.session.cancel();
        return;
      case "agent/select":
        void this.session.start(message.agent);
        return;
      case "agent/restart":
        void this.session.restart();
        return;
      case "logs/show":
        this.showLogs();
        return;
      case "permission/answer":
        this.session.answerPermission(message.requestId, message.optionId);
        return;
      case "form/submit": {
        const result = this.session.submitForm(message.requestId, message.values);
        if (!result.ok) this.post({ type: "form/errors", requestId: message.requestId, errors: { ...result.errors } });
        return;
      }
      case "form/decline":
        this.session.declineForm(message.requestId);
        return;
      case "form/cancel":
        this.session.cancelForm(message.requestId);
        return;
      case "config/set":
        void this.session.setConfigOption(message.configId, message.value);
        return;
      case "mode/set":
        void this.session.setMode(message.modeId);
        return;
      case "diff/open":
        void this.navigation.openDiff(message.path, message.oldText, message.newText);
        return;
      case "location/open":
        void this.navigation.openLocation(message.path, message.line).catch((error: unknown) => this.logger.warn(`Could not open ${message.path}: ${String(error)}`));
        return;
      case "link/open":
        void this.navigation.openLink(message.href).then((opened) => opened || this.logger.warn(`Refused to open link: ${message.href}`));
        return;
      case "mention/search":
        void this.navigation.searchFiles(message.query).then((items) => this.post({ type: "mention/results", query: message.query, items }));
        return;
      case "review/diff": {
        const diff = this.session.review?.diff(message.path);
        if (diff) void this.navigation.openDiff(message.path, diff.before, diff.after);
        return;
      }
      case "review/keep":
        this.session.review?.keep(message.path);
        return;
      case "review/undo":
        void this.session.review?.undo(message.path).catch((error: unknown) => this.logger.warn(`Undo failed: ${String(error)}`));
        return;
      case "follow/set":
        this.follow.enabled = message.enabled;
        return;
    }
  }

  private sendSnapshot(): void {
    this.pending = [];
    this.synced = true;
    this.post({ type: "state/snapshot", seq: this.session.store.seq, state: this.session.store.state });
  }

  private enqueue(action: PanelAction, seq: number): void {
    if (!this.view || !this.synced) return; // the next snapshot will carry it
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
