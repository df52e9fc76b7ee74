/**
 * The `acpPanel.chat` webview view. It renders nothing itself: it syncs the active tab's state to
 * the webview replica through a SessionView (a snapshot, then numbered action batches; see
 * ReplicaFeed), which also sends the tab strip on its own channel, and hands validated messages to
 * panelMessages.ts. Editor tabs showing a session have SessionViews of their own
 * (editorSessionPanels.ts). Agents outlive the
 * view: hiding or reloading the webview only re-syncs it, and switching tabs never touches a
 * running turn.
 */
import * as vscode from "vscode";
import type { Logger } from "../acp/ports";
import type { EditorPlacements } from "../acp/sessions/editorPlacements";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { SessionView } from "../acp/sessions/sessionView";
import { WebviewOutbox } from "../acp/sessions/webviewOutbox";
import { handlePanelMessage, type PanelMessageContext } from "../acp/sessions/panelMessages";
import { type HostMessage, webviewMessageSchema } from "../shared/wire/protocol";
import { renderWebviewHtml } from "./webviewHtml";

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  /** The active tab's state and the tab strip (its editor-hosted tabs marked). */
  private readonly sessionView: SessionView;
  private readonly messages: PanelMessageContext;
  private readonly restore: () => Promise<boolean>;
  private restored = false;
  private readonly manager: SessionManager;
  private readonly logger: Logger;
  /** Composer commands and request focus, kept while the webview's content is being rebuilt. */
  private readonly commands = new WebviewOutbox<HostMessage>((message) => this.postNow(message));

  constructor(
    private readonly extensionUri: vscode.Uri,
    placements: EditorPlacements,
    context: Omit<PanelMessageContext, "post" | "resync" | "session"> & { restore: () => Promise<boolean> },
  ) {
    const { manager } = context;
    this.manager = manager;
    this.logger = context.logger;
    this.restore = context.restore;
    this.sessionView = new SessionView({
      manager,
      placements,
      target: { kind: "active" },
      keepTab: true,
      post: (message) => this.post(message),
    });
    this.messages = {
      ...context,
      post: (message) => this.post(message),
      resync: () => this.sessionView.resync(),
      session: () => manager.active,
    };
  }

  async resolveWebviewView(view: vscode.WebviewView): Promise<void> {
    this.view = view;
    this.commands.discarded();
    this.sessionView.unsync();
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, "dist", "webview")],
    };
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    // Hidden, the content is discarded (the view is registered without retainContextWhenHidden);
    // shown again, VS Code resolves a new view, which says `webview/ready` once it listens.
    view.onDidChangeVisibility(() => {
      if (this.view === view && !view.visible) this.commands.discarded();
    });
    view.onDidDispose(() => {
      if (this.view !== view) return;
      this.view = undefined;
      this.commands.discarded();
      this.sessionView.unsync();
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

  /**
   * Shows the panel with the keyboard in it, on the pending request (*Open Panel* on a permission
   * notification): `show(true)` would keep the focus in the editor, where Alt+A / Alt+D do nothing.
   */
  async focusRequest(): Promise<void> {
    if (this.view) this.view.show(false);
    else await vscode.commands.executeCommand("workbench.view.extension.acpPanel");
    this.post({ type: "request/focus" });
  }

  /** The first-run catalog, to resend when settings change. */
  catalogMessage(): HostMessage {
    return this.messages.catalog();
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /**
   * Sends a message to the webview. Composer commands and request focus wait for a webview that
   * listens (WebviewOutbox); state and side channels go at once, since a rebuilt webview asks for
   * a fresh snapshot and lists anyway.
   */
  post(message: HostMessage): void {
    if (waitsForListener(message)) this.commands.send(message);
    else this.postNow(message);
  }

  private postNow(message: HostMessage): void {
    void this.view?.webview.postMessage(message);
  }

  dispose(): void {
    this.sessionView.dispose();
  }

  private receive(raw: unknown): void {
    const parsed = webviewMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.logger.warn(`Dropped an invalid message from the webview: ${parsed.error.message}`);
      return;
    }
    // Flow control for the replica feed: frequent during a stream, and nothing to log.
    if (parsed.data.type === "state/ack") return this.sessionView.acknowledge(parsed.data.seq, parsed.data.history);
    if (parsed.data.type === "webview/ready") this.commands.listening();
    void handlePanelMessage(parsed.data, this.messages).catch((error: unknown) =>
      this.logger.error(`Handling ${parsed.data.type} failed: ${String(error)}`),
    );
  }
}

function waitsForListener(message: HostMessage): boolean {
  return message.type.startsWith("composer/") || message.type === "request/focus";
}
