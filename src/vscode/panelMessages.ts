/**
 * What each validated webview message does: calls on the active tab's ChatSession, the
 * SessionManager, or an editor adapter. No state lives here.
 */
import * as vscode from "vscode";
import type { Logger } from "../acp/ports";
import type { ChatSession } from "../acp/sessions/chatSession";
import type { SessionManager } from "../acp/sessions/sessionManager";
import type { SessionHistory } from "../acp/history/sessionHistory";
import type { HostMessage, WebviewMessage } from "../shared/wire/protocol";
import type { PathLinkCheck } from "../acp/context/pathLinkCheck";
import { offerAddAgent } from "./addAgentPick";
import { searchMentions } from "./mentionSources";
import { fetchUrlAttachment } from "./urlAttachments";
import type { EditorNavigation } from "./editorNavigation";
import type { FollowAgent } from "./followAgent";
import { workspaceCwd } from "./workspaceCwd";
import { handleCheckpointMessage } from "./checkpointMessages";
import { forkTab, renameListed, renameTab, setArchived } from "./sessionOpsCommands";
import { closeTab } from "./tabCloseCommands";

export interface PanelMessageContext {
  readonly manager: SessionManager;
  /** The session list with every kept conversation, and full-text search over them. */
  readonly history: SessionHistory;
  readonly navigation: EditorNavigation;
  readonly follow: FollowAgent;
  readonly logger: Logger;
  readonly post: (message: HostMessage) => void;
  readonly showLogs: () => void;
  /** The tab this webview's messages act on: the panel's active one, or an editor tab's own. */
  readonly session: () => ChatSession | undefined;
  /** Shows a tab in an editor tab (*Open Session in Editor*). */
  readonly openInEditor: (key: string) => Promise<void>;
  /** Sends a fresh snapshot of the active tab (ready handshake, resync). */
  readonly resync: () => void;
  /** The agents for the first-run view. */
  readonly catalog: () => HostMessage;
  /** Installs a preset's npm package (presetInstaller.ts); true once installed. */
  readonly installAgent: (agent: string) => Promise<boolean>;
  /** Which plain paths in the agent's Markdown name workspace files (cached for the session). */
  readonly pathLinks: PathLinkCheck;
}

export async function handlePanelMessage(message: WebviewMessage, context: PanelMessageContext): Promise<void> {
  const { manager, history, navigation, logger, post } = context;
  const session = context.session();
  switch (message.type) {
    case "webview/ready":
      post(context.catalog());
      post({ type: "workspace/roots", roots: workspaceCwd.roots() });
      return context.resync();
    case "state/resync":
      return context.resync();
    case "state/ack":
      return; // taken by the view provider before this router (ReplicaFeed's flow control)
    case "prompt/send":
      // No tab to take it (never dropped, issue 16): the text goes back to the prompt box.
      if (!session && message.text.trim()) post({ type: "composer/insert", text: message.text });
      else if (message.text.trim() || message.attachments.length > 0)
        await session?.prompt(message.text, message.attachments);
      return;
    case "turn/cancel":
      return session?.cancel();
    case "agent/select":
      return session?.start(message.agent);
    case "agents/add":
      if (message.source === "registry")
        return void (await vscode.commands.executeCommand("acpPanel.addAgentFromRegistry"));
      return offerAddAgent();
    case "clipboard/copy":
      return vscode.env.clipboard.writeText(message.text);
    case "agent/restart":
      return session?.restart();
    case "agent/install":
      if (!(await context.installAgent(message.agent))) return;
      // Installed: start it where Install was clicked (a new tab if none is left).
      if (session) return session.start(message.agent);
      await manager.newTab(message.agent);
      return;
    case "logs/show":
      return context.showLogs();
    case "permission/answer":
      return session?.answerPermission(message.requestId, message.optionId, message.note);
    case "form/submit": {
      const result = session?.submitForm(message.requestId, message.values);
      if (result && !result.ok)
        post({ type: "form/errors", requestId: message.requestId, errors: { ...result.errors } });
      return;
    }
    case "form/decline":
      return session?.declineForm(message.requestId);
    case "form/cancel":
      return session?.cancelForm(message.requestId);
    case "config/set":
      return session?.setConfigOption(message.configId, message.value);
    case "mode/set":
      return session?.setMode(message.modeId);
    case "provider/set":
      return session?.setProvider(message.providerId, { apiType: message.apiType, baseUrl: message.baseUrl });
    case "provider/disable":
      return session?.setProvider(message.providerId, "disable");
    case "diff/open":
      return navigation.openDiff(message.path, message.oldText, message.newText);
    case "location/open":
      await navigation
        .openLocation(message.path, message.line, { column: message.column })
        .catch((error: unknown) => logger.warn(`Could not open ${message.path}: ${String(error)}`));
      return;
    case "paths/check":
      return post({ type: "paths/exist", results: await context.pathLinks.check(message.paths) });
    case "link/open":
      if (!(await navigation.openLink(message.href))) logger.warn(`Refused to open link: ${message.href}`);
      return;
    case "mention/search":
      return post({ type: "mention/results", query: message.query, items: await searchMentions(message.query) });
    case "mention/fetch": {
      const attachment = await fetchUrlAttachment(message.url);
      return attachment ? post({ type: "composer/attach", attachment }) : undefined;
    }
    case "follow/set":
      context.follow.enabled = message.enabled;
      return;
    case "review/diff":
    case "review/keep":
    case "review/undo":
    case "review/redo":
    case "review/all":
    case "checkpoint/preview":
    case "checkpoint/restore":
    case "checkpoint/redo":
    case "checkpoint/bringBack":
    case "message/editResend":
      return handleCheckpointMessage(message, session, manager, navigation, post);
    case "queue/edit":
      return session?.editQueued(message.id, message.text);
    case "queue/remove":
      return session?.removeQueued(message.id);
    case "queue/sendNow":
      return session?.sendQueuedNow(message.id);
    case "queue/sendAgain":
      return session?.sendQueuedAgain(message.id);
    case "settings/open":
      await vscode.commands.executeCommand("workbench.action.openSettings", "acpPanel.agents");
      return;
    case "settings/openRemote":
      await vscode.commands.executeCommand("workbench.action.openRemoteSettings");
      return;
    case "tab/activate":
      return manager.activate(message.key);
    case "tab/close":
      return closeTab(manager, message.key);
    case "tab/openInEditor":
      return context.openInEditor(message.key);
    case "sessions/refresh":
      return post({ type: "sessions/list", sessions: await history.list() });
    case "history/search":
      return post({
        type: "history/results",
        query: message.query,
        hits: (await history.search(message.query)).map(({ agent, sessionId, snippet }) => ({
          agent,
          sessionId,
          snippet: [...snippet],
        })),
      });
    case "session/open":
      await manager.openSession(message.agent, message.sessionId);
      return;
    case "session/delete":
      if (await confirmDelete(message.agent)) {
        const title = (await history.list()).find(
          (item) => item.agent === message.agent && item.sessionId === message.sessionId,
        )?.title;
        const undo = await history
          .delete(message.agent, message.sessionId)
          .catch(
            (error: unknown) =>
              void vscode.window.showErrorMessage(vscode.l10n.t("Could not delete the session: {0}", String(error))),
          );
        post({ type: "sessions/list", sessions: await history.list() });
        if (undo)
          void offerUndoDelete(title ?? message.sessionId, undo).then(async (back) => {
            if (back) post({ type: "sessions/list", sessions: await history.list() });
          });
      }
      return;
    case "tab/fork":
      return forkTab(manager, { list: () => history.list(), post }, message.key);
    case "tab/rename":
      return renameTab(manager, message.key);
    case "session/rename": {
      const current = (await history.list()).find(
        (item) => item.agent === message.agent && item.sessionId === message.sessionId,
      )?.title;
      await renameListed(manager, message.agent, message.sessionId, current);
      return post({ type: "sessions/list", sessions: await history.list() });
    }
    case "session/archive":
      await setArchived(manager, message.agent, message.sessionId, message.archived);
      return post({ type: "sessions/list", sessions: await history.list() });
  }
}

/**
 * The toast after a delete: Undo brings the conversation back from where the journal set it aside
 * (for a day; the agent's own copy stays deleted). Resolves true when it came back.
 */
export async function offerUndoDelete(title: string, undo: () => Promise<boolean>): Promise<boolean> {
  const undoLabel = vscode.l10n.t("Undo");
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('Deleted "{0}". Its conversation can be brought back for a day.', title),
    undoLabel,
  );
  if (answer !== undoLabel) return false;
  const back = await undo().catch(() => false);
  if (back) void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is back in the history.', title));
  else void vscode.window.showWarningMessage(vscode.l10n.t('"{0}" has no kept conversation to bring back.', title));
  return back;
}

export async function confirmDelete(agent: string): Promise<boolean> {
  const remove = vscode.l10n.t("Delete");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Delete this {0} session? The agent forgets it too.", agent),
    { modal: true },
    remove,
  );
  return answer === remove;
}
