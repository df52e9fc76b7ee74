/**
 * Detects files an agent changes with its own tools (not through `fs/write_text_file`), so the
 * "Files changed" review works with any agent. When to watch (a turn and the grace period after
 * it) and what the agent's own reports add is decided in `acp/sessions/turnFileChanges.ts`; what a change
 * means for the review in `acp/sessions/agentFileChanges.ts`. This file only supplies VS Code's watcher.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import { AgentFileChanges } from "../acp/sessions/agentFileChanges";
import { TurnFileChanges, type FileEventSource } from "../acp/sessions/turnFileChanges";
import { systemClock } from "../acp/ports";

const workspaceWatcher: FileEventSource = {
  watch(onEvent) {
    const watcher = vscode.workspace.createFileSystemWatcher("**/*");
    const forward = (kind: "change" | "create" | "delete") => (uri: vscode.Uri) => {
      if (uri.scheme === "file") onEvent(kind, uri.fsPath);
    };
    watcher.onDidChange(forward("change"));
    watcher.onDidCreate(forward("create"));
    watcher.onDidDelete(forward("delete"));
    return watcher;
  },
};

const workspaceRoots = (): string[] =>
  (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === "file")
    .map((folder) => folder.uri.fsPath);

export class AgentChangeWatcher {
  private readonly tracker: TurnFileChanges;

  constructor(session: ChatSession) {
    const changes = new AgentFileChanges(() => session.review, undefined, workspaceRoots);
    this.tracker = new TurnFileChanges(session.store, changes, workspaceWatcher, { clock: systemClock });
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
