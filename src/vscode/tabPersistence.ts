/**
 * Restoring the panel after a window reload or a restart: the open tabs (agent + session id)
 * are kept in a file per window (windowTabs.ts, in global storage per workspace: two windows on
 * one workspace each get their own back) and reopened (loaded or resumed) the next time the panel
 * opens. Workspace state still gets a copy: the fallback where no window file was ever written
 * (a version before these files, or a window with no folder open).
 * Drafts are UI state, kept by the webview per tab.
 */
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import * as vscode from "vscode";
import { systemClock } from "../acp/ports";
import type { OpenTabRecord, SessionManager } from "../acp/sessions/sessionManager";
import { WindowTabs } from "../acp/sessions/windowTabs";
import { parseTabWorktree } from "../acp/worktrees/tabWorktree";

const KEY = "acpPanel.openTabs";

interface Saved {
  readonly tabs: OpenTabRecord[];
  readonly active?: number;
}

/**
 * This window's open tabs, per workspace in global storage: not in `storageUri`, which VS Code
 * gives a second window of the same workspace a folder of its own ("…-1"), nor the same one again
 * after a reload for sure. None without a workspace (workspace state only, as before).
 */
export function windowTabsOf(context: vscode.ExtensionContext): WindowTabs | undefined {
  const workspaceIdentity =
    vscode.workspace.workspaceFile?.toString() ??
    vscode.workspace.workspaceFolders?.map((folder) => folder.uri.toString()).join("\n");
  if (!workspaceIdentity) return undefined;
  return new WindowTabs({
    dir: join(
      context.globalStorageUri.fsPath,
      "window-tabs",
      createHash("sha256").update(workspaceIdentity).digest("hex").slice(0, 16),
    ),
    id: `${process.pid.toString(36)}-${randomBytes(4).toString("hex")}`,
    pid: process.pid,
    now: () => systemClock.now(),
  });
}

export function rememberTabs(
  manager: SessionManager,
  state: vscode.Memento,
  windowTabs: WindowTabs | undefined,
): { dispose(): void } {
  let last = "";
  const subscription = manager.onDidChange(() => {
    const saved: Saved = manager.openTabs();
    const key = JSON.stringify(saved);
    if (key === last) return;
    last = key;
    windowTabs?.save(saved);
    void state.update(KEY, saved);
  });
  return {
    dispose: () => {
      subscription.dispose();
      windowTabs?.release();
    },
  };
}

/** Reopens the saved tabs; true when at least one was restored. */
export async function restoreTabs(
  manager: SessionManager,
  state: vscode.Memento,
  windowTabs: WindowTabs | undefined,
): Promise<boolean> {
  const saved = (await windowTabs?.claim()) ?? state.get<Saved>(KEY);
  if (!saved?.tabs.length) return false;
  const opened = await Promise.all(
    saved.tabs.map(async (tab) => {
      // A tab that worked in a git worktree goes back to it (a folder gone since says so when its agent starts).
      const session = await manager.openSession(tab.agent, tab.sessionId, parseTabWorktree(tab.worktree));
      if (tab.queued?.length) session.restoreQueue(tab.queued);
      return session;
    }),
  );
  const active = saved.active === undefined ? undefined : opened[saved.active];
  const key = manager.summaries().find((summary) => manager.tab(summary.key) === active)?.key;
  if (key) manager.activate(key);
  return true;
}
