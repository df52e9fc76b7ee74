/**
 * What the palette's session commands decide (src/vscode/commandHandlers.ts wires them): which
 * agent ACP: New Session starts, which tab Open Session in Editor shows, what a command without a
 * session says, the questions of Clear Checkpoints, and what Rebuild History Index reports.
 */
import type { AgentCatalog, Dialogs } from "../ports";
import type { PanelState } from "../../shared/wire/panelState";
import type { Translate } from "../../shared/l10n";
import { threadToMarkdown } from "../../shared/thread/threadMarkdown";
import type { Checkpoint } from "../checkpoints/checkpointTypes";
import type { HistoryService } from "../history/historyService";
import type { SessionManager } from "./sessionManager";

type Tabs = Pick<SessionManager, "newTab" | "tab" | "activeTabKey">;

/** The only agent, or the one picked among several, in a new tab; with none configured, says where to add one. */
export async function newSession(
  manager: Tabs,
  catalog: Pick<AgentCatalog, "names">,
  dialogs: Dialogs,
  t: Translate,
  /** Shows the panel before the tab opens. */
  showPanel: () => Promise<void>,
): Promise<void> {
  const agents = catalog.names();
  const agent =
    agents.length > 1
      ? await dialogs.pick(
          agents.map((name) => ({ label: name, value: name })),
          { title: t("ACP: New Session"), placeHolder: t("Pick an agent") },
        )
      : agents[0];
  if (!agent) {
    if (agents.length === 0)
      void dialogs.warning(t('No ACP agent is configured. Add one under "acpPanel.agents" in your user settings.'));
    return;
  }
  await showPanel();
  await manager.newTab(agent);
}

/** A tab's key: given by a caller, or the `data-vscode-context` of the tab right-clicked (TabStrip.tsx). */
export function tabKeyOf(arg: unknown): string | undefined {
  if (typeof arg === "string") return arg;
  const key = typeof arg === "object" && arg !== null ? (arg as { tabKey?: unknown }).tabKey : undefined;
  return typeof key === "string" ? key : undefined;
}

/** Open Session in Editor: the given tab if it is open, else the active one, else a new session. */
export async function openTabInEditor(
  manager: Tabs,
  arg: unknown,
  open: (key: string) => Promise<void>,
): Promise<void> {
  const key = tabKeyOf(arg);
  const target = key !== undefined && manager.tab(key) ? key : manager.activeTabKey;
  if (target) return open(target);
  await manager.newTab();
  if (manager.activeTabKey) await open(manager.activeTabKey);
}

/** Runs `action` on the session, or says there is none to act on. */
export function withSession<S>(
  session: S | undefined,
  action: (session: S) => Promise<void>,
  dialogs: Dialogs,
  t: Translate,
): Promise<void> | undefined {
  if (!session) return void dialogs.info(t("Open a session in the ACP panel first."));
  return action(session);
}

/** Export Session: the transcript as Markdown, under the session's title (else the agent's name). */
export function sessionMarkdown({ thread, connection }: PanelState): string {
  const heading = thread.title ?? (connection.status === "none" ? "ACP session" : `${connection.agent} session`);
  return threadToMarkdown(thread, heading);
}

/**
 * Clears every checkpoint of the workspace after asking; the files themselves are not touched.
 * Undoable: for a day the checkpoints are only set aside, and "Undo" brings them all back.
 */
export async function clearCheckpoints(
  checkpoints: { clear(): Promise<Checkpoint[]>; bringBack(id: string): Promise<Checkpoint | undefined> },
  dialogs: Dialogs,
  t: Translate,
): Promise<void> {
  const clear = t("Clear Checkpoints");
  const answer = await dialogs.confirm(
    t("Remove every checkpoint of this workspace?"),
    t(
      "Your files are not changed. Messages lose their Restore checkpoint button. For a day the checkpoints can still be brought back (Undo); then their space is freed.",
    ),
    clear,
  );
  if (answer !== clear) return;
  const dropped = await checkpoints.clear();
  const undo = t("Undo");
  const next = await dialogs.info(
    t("Removed {0} checkpoints. Undo brings them back (for a day).", dropped.length),
    undo,
  );
  if (next !== undo) return;
  const back = (await Promise.all(dropped.map((checkpoint) => checkpoints.bringBack(checkpoint.id)))).filter(Boolean);
  void dialogs.info(t("Brought back {0} checkpoints.", back.length));
}

/** Rebuild History Index, and what it says: the index's size, or that search scans the conversations. */
export async function rebuildHistoryIndex(
  service: Pick<HistoryService, "rebuild">,
  dialogs: Dialogs,
  t: Translate,
): Promise<void> {
  const done = await dialogs.progress(t("Rebuilding the history index…"), () => service.rebuild());
  void dialogs.info(
    done.engine === "fts5"
      ? t("History index rebuilt: {0} conversations.", done.conversations)
      : t(
          "History search scans the {0} conversations directly: this VS Code has no SQLite full-text search (1.101 or later has).",
          done.conversations,
        ),
  );
}
