/**
 * Detects files an agent changes with its own tools (not through `fs/write_text_file`), so the
 * "Files changed" review works with any agent. Watches the workspace only while a turn runs.
 * The previous content comes from git (HEAD) when the folder is a repository; otherwise the
 * change is listed without undo.
 */
import * as vscode from "vscode";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, relative } from "node:path";
import type { ChatSession } from "../acp/chatSession";

const IGNORED = /[\\/](node_modules|\.git|dist|out|\.cache)[\\/]/;
const MAX_BYTES = 2 * 1024 * 1024;

export class AgentChangeWatcher {
  private watcher: vscode.FileSystemWatcher | undefined;
  private readonly subscription: { dispose(): void };

  constructor(private readonly session: ChatSession) {
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
    this.watcher = vscode.workspace.createFileSystemWatcher("**/*");
    this.watcher.onDidChange((uri) => void this.onChanged(uri, false));
    this.watcher.onDidCreate((uri) => void this.onChanged(uri, true));
    this.watcher.onDidDelete((uri) => void this.onDeleted(uri));
  }

  private stop(): void {
    this.watcher?.dispose();
    this.watcher = undefined;
  }

  private async onChanged(uri: vscode.Uri, created: boolean): Promise<void> {
    const review = this.session.review;
    if (!review || uri.scheme !== "file" || IGNORED.test(uri.fsPath)) return;
    const after = await readText(uri.fsPath);
    if (after === undefined) return;
    if (review.has(uri.fsPath)) {
      review.record(uri.fsPath, undefined, after); // keeps the first "before"
      return;
    }
    if (created) {
      review.record(uri.fsPath, undefined, after);
      return;
    }
    const before = await gitHeadContent(uri.fsPath);
    if (before === after) return;
    review.record(uri.fsPath, before, after, before !== undefined);
  }

  private async onDeleted(uri: vscode.Uri): Promise<void> {
    const review = this.session.review;
    if (!review || uri.scheme !== "file" || IGNORED.test(uri.fsPath) || review.has(uri.fsPath)) return;
    const before = await gitHeadContent(uri.fsPath);
    if (before !== undefined) review.record(uri.fsPath, before, "");
  }
}

async function readText(path: string): Promise<string | undefined> {
  try {
    const bytes = await readFile(path);
    if (bytes.length > MAX_BYTES || bytes.includes(0)) return undefined;
    return bytes.toString("utf8");
  } catch {
    return undefined;
  }
}

/** The file as committed at HEAD, or undefined outside git / for untracked files. */
function gitHeadContent(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const cwd = dirname(path);
    execFile("git", ["rev-parse", "--show-toplevel"], { cwd, timeout: 3000 }, (error, top) => {
      if (error) return resolve(undefined);
      const rel = relative(top.trim(), path).split("\\").join("/");
      execFile("git", ["show", `HEAD:${rel}`], { cwd, timeout: 3000, maxBuffer: MAX_BYTES }, (showError, content) => resolve(showError ? undefined : content));
    });
  });
}
