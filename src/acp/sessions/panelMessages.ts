/**
 * What each validated webview message does: calls on the tab's ChatSession, the SessionManager,
 * the history, or a port of the host (navigation, dialogs, the panel's host). No state lives here.
 */
import type { Dialogs, Logger, Navigation, PanelHost, WorkspacePort } from "../ports";
import type { ChatSession } from "./chatSession";
import type { SessionManager } from "./sessionManager";
import type { SessionHistory } from "../history/sessionHistory";
import type { HostMessage, WebviewMessage } from "../../shared/wire/protocol";
import type { Translate } from "../../shared/l10n";
import type { PathLinkCheck } from "../context/pathLinkCheck";
import { handleCheckpointMessage } from "./checkpointMessages";
import type { SessionOps } from "./sessionOps";

export interface PanelMessageContext {
  readonly manager: SessionManager;
  /** The session list with every kept conversation, and full-text search over them. */
  readonly history: Pick<SessionHistory, "list" | "search" | "delete">;
  readonly logger: Logger;
  readonly workspace: Pick<WorkspacePort, "roots">;
  readonly navigation: Navigation;
  readonly dialogs: Dialogs;
  readonly host: PanelHost;
  readonly translate: Translate;
  /** Fork, rename, archive, close and delete, with the user's answers. */
  readonly ops: SessionOps;
  /** "Follow agent" (followAgent.ts). */
  readonly follow: { enabled: boolean };
  readonly post: (message: HostMessage) => void;
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
  const { manager, history, navigation, logger, post, host, ops, translate: t } = context;
  const session = context.session();
  switch (message.type) {
    case "webview/ready":
      post(context.catalog());
      post({ type: "workspace/roots", roots: context.workspace.roots() });
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
      return host.addAgent(message.source);
    case "clipboard/copy":
      return host.copy(message.text);
    case "agent/restart":
      return session?.restart();
    case "agent/install":
      if (!(await context.installAgent(message.agent))) return;
      // Installed: start it where Install was clicked (a new tab if none is left).
      if (session) return session.start(message.agent);
      await manager.newTab(message.agent);
      return;
    case "logs/show":
      return host.showLogs();
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
    case "terminal/kill":
      return session?.killTerminal(message.terminalId);
    case "paths/check":
      return post({ type: "paths/exist", results: await context.pathLinks.check(message.paths) });
    case "link/open":
      if (!(await navigation.openLink(message.href))) logger.warn(`Refused to open link: ${message.href}`);
      return;
    case "mention/search":
      return post({ type: "mention/results", query: message.query, items: await host.mentions(message.query) });
    case "mention/fetch": {
      const attachment = await host.fetchUrl(message.url);
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
      return handleCheckpointMessage(message, session, context);
    case "queue/edit":
      return session?.editQueued(message.id, message.text);
    case "queue/remove":
      return session?.removeQueued(message.id);
    case "queue/sendNow":
      return session?.sendQueuedNow(message.id);
    case "queue/sendAgain":
      return session?.sendQueuedAgain(message.id);
    case "settings/open":
      return host.openSettings("acpPanel.agents");
    case "settings/openRemote":
      return host.openRemoteSettings();
    case "tab/activate":
      return manager.activate(message.key);
    case "tab/close":
      return ops.closeTab(message.key);
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
      if (await ops.confirmDelete(message.agent)) {
        const title = (await history.list()).find(
          (item) => item.agent === message.agent && item.sessionId === message.sessionId,
        )?.title;
        const undo = await history
          .delete(message.agent, message.sessionId)
          .catch((error: unknown) => void context.dialogs.error(t("Could not delete the session: {0}", String(error))));
        post({ type: "sessions/list", sessions: await history.list() });
        if (undo)
          void ops.offerUndoDelete(title ?? message.sessionId, undo).then(async (back) => {
            if (back) post({ type: "sessions/list", sessions: await history.list() });
          });
      }
      return;
    case "tab/fork":
      return ops.fork({ list: () => history.list(), post }, message.key);
    case "tab/rename":
      return ops.renameTab(message.key);
    case "session/rename": {
      const current = (await history.list()).find(
        (item) => item.agent === message.agent && item.sessionId === message.sessionId,
      )?.title;
      await ops.renameListed(message.agent, message.sessionId, current);
      return post({ type: "sessions/list", sessions: await history.list() });
    }
    case "session/archive":
      await ops.setArchived(message.agent, message.sessionId, message.archived);
      return post({ type: "sessions/list", sessions: await history.list() });
  }
}
