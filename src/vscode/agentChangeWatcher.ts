/**
 * Detects files an agent changes with its own tools (not through `fs/write_text_file`), so the
 * "Files changed" review works with any agent. Watches the workspace only while a turn runs; what
 * a change means for the review is decided in `acp/agentFileChanges.ts`.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/chatSession";
import { AgentFileChanges } from "../acp/agentFileChanges";

export class AgentChangeWatcher {
  private watcher: vscode.FileSystemWatcher | undefined;
  private readonly subscription: { dispose(): void };
  private readonly changes: AgentFileChanges;

  constructor(session: ChatSession) {
    this.changes = new AgentFileChanges(() => session.review);
    this.subscription = session.store.subscribe(() => {
      const running = session.store.state.thread.turn.phase !== "idle";
      if (running && !this.watcher) this.start();
      else if (!running && this.watcher) this.stop();
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.stop();
  }

  private start(): void {
    const onFile = (handle: (path: string) => Promise<void>) => (uri: vscode.Uri) => {
      if (uri.scheme === "file") void handle(uri.fsPath);
    };
    this.watcher = vscode.workspace.createFileSystemWatcher("**/*");
    this.watcher.onDidChange(onFile((path) => this.changes.changed(path, false)));
    this.watcher.onDidCreate(onFile((path) => this.changes.changed(path, true)));
    this.watcher.onDidDelete(onFile((path) => this.changes.deleted(path)));
  }

  private stop(): void {
    this.watcher?.dispose();
    this.watcher = undefined;
  }
}
