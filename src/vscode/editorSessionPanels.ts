/**
 * *Open Session in Editor*: a tab's session in an editor tab (a WebviewPanel), beside the code;
 * the user may drag it to another window. The editor tab is a second view of the same tab, not a
 * second session: its SessionView (own ReplicaFeed, own acks) follows that one tab while the side
 * panel follows the active one, and its messages act on that tab's ChatSession. Closing the
 * editor tab leaves the session in the panel; closing the session's tab closes its editor tabs.
 *
 * After a window reload VS Code hands the editor tab back to `deserialize` with the state the
 * webview kept (`editor/session`: agent and session id). The panel's saved tabs are restored first
 * (once, shared with the panel), then the session is found among them or opened again, through
 * the same load/resume/kept-transcript paths as the panel's own restore.
 */
import * as vscode from "vscode";
import * as z from "zod";
import type { Logger } from "../acp/ports";
import type { EditorPlacements } from "../acp/sessions/editorPlacements";
import type { SessionManager } from "../acp/sessions/sessionManager";
import { SessionView } from "../acp/sessions/sessionView";
import { webviewMessageSchema } from "../shared/wire/protocol";
import { editorSessionViewType } from "./viewIds";
import { handlePanelMessage, type PanelMessageContext } from "../acp/sessions/panelMessages";
import { renderWebviewHtml } from "./webviewHtml";

/** What the webview keeps in its state (bridge.ts `editorSession`): read back after a reload. */
const savedStateSchema = z.object({
  editorSession: z.object({ agent: z.string().min(1), sessionId: z.string().min(1) }),
});

type SharedContext = Omit<PanelMessageContext, "post" | "resync" | "session" | "openInEditor">;

export class EditorSessionPanels implements vscode.Disposable {
  private readonly shown = new Map<vscode.WebviewPanel, SessionView>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly manager: SessionManager,
    private readonly logger: Logger,
    private readonly placements: EditorPlacements,
    private readonly context: SharedContext,
    /** Restores the panel's saved tabs, once (shared with the panel). */
    private readonly restoreTabs: () => Promise<unknown>,
  ) {}

  /** Reveals the editor tab showing `key`, or opens one beside the active editor. */
  async open(key: string): Promise<void> {
    const session = this.manager.tab(key);
    if (!session) return;
    const existing = [...this.shown].find(([, view]) => view.tabKey === key)?.[0];
    if (existing) return existing.reveal(undefined, false);
    const panel = vscode.window.createWebviewPanel(
      editorSessionViewType,
      this.titleOf(key),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: this.resourceRoots() },
    );
    await this.attach(panel, key);
  }

  /** VS Code restores an editor tab after a reload (registerWebviewPanelSerializer). */
  async deserialize(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const saved = savedStateSchema.safeParse(state);
    if (!saved.success) {
      // Nothing to show (the session never started before the reload): close rather than show an empty tab.
      panel.dispose();
      return;
    }
    const { agent, sessionId } = saved.data.editorSession;
    await this.restoreTabs().catch((error: unknown) =>
      this.logger.warn(`Restoring the panel's tabs failed: ${String(error)}`),
    );
    let key = this.keyOf(sessionId);
    if (!key) {
      // Not among the panel's tabs: opened again in a tab of its own (the panel's active tab stays).
      const before = this.manager.activeTabKey;
      await this.manager.openSession(agent, sessionId);
      key = this.keyOf(sessionId);
      if (before && this.manager.tab(before)) this.manager.activate(before);
    }
    if (!key) {
      panel.dispose();
      return;
    }
    await this.attach(panel, key);
  }

  dispose(): void {
    for (const panel of [...this.shown.keys()]) panel.dispose();
  }

  private async attach(panel: vscode.WebviewPanel, key: string): Promise<void> {
    const view = new SessionView({
      manager: this.manager,
      placements: this.placements,
      target: { kind: "tab", key },
      post: (message) => void panel.webview.postMessage(message),
    });
    this.shown.set(panel, view);
    const placement = this.placements.show(key);
    const messages: PanelMessageContext = {
      ...this.context,
      post: (message) => void panel.webview.postMessage(message),
      resync: () => view.resync(),
      session: () => view.session,
      openInEditor: (other) => this.open(other),
    };
    const titleUpdates = this.manager.onDidChange(() => {
      if (view.tabKey) panel.title = this.titleOf(view.tabKey);
    });
    const lost = view.onDidLoseTab(() => {
      panel.dispose();
    });
    // A hidden editor tab's webview is discarded; it says `webview/ready` again when shown.
    const visibility = panel.onDidChangeViewState(() => {
      if (!panel.visible) view.unsync();
    });
    panel.webview.options = { enableScripts: true, localResourceRoots: this.resourceRoots() };
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, "media", "icon.svg");
    panel.webview.onDidReceiveMessage((raw: unknown) => {
      const parsed = webviewMessageSchema.safeParse(raw);
      if (!parsed.success)
        return this.logger.warn(`Dropped an invalid message from an editor tab: ${parsed.error.message}`);
      if (parsed.data.type === "state/ack") return view.acknowledge(parsed.data.seq, parsed.data.history);
      void handlePanelMessage(parsed.data, messages).catch((error: unknown) =>
        this.logger.error(`Handling ${parsed.data.type} failed: ${String(error)}`),
      );
    });
    panel.onDidDispose(() => {
      this.shown.delete(panel);
      for (const disposable of [lost, visibility, titleUpdates, placement, view]) disposable.dispose();
    });
    panel.webview.html = await renderWebviewHtml(panel.webview, this.extensionUri);
    const session = view.session;
    if (session && session.store.state.connection.status === "none") void session.start();
  }

  private keyOf(sessionId: string): string | undefined {
    return this.manager.summaries().find(({ key }) => {
      const session = this.manager.tab(key);
      return (
        session &&
        (session.sessionId === sessionId || session.continues === sessionId) &&
        session.store.state.connection.status !== "none"
      );
    })?.key;
  }

  private titleOf(key: string): string {
    return this.manager.summaries().find((summary) => summary.key === key)?.title ?? vscode.l10n.t("ACP session");
  }

  private resourceRoots(): vscode.Uri[] {
    return [vscode.Uri.joinPath(this.extensionUri, "dist", "webview")];
  }
}
