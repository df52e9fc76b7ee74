/**
 * Everything the panel opens in the editor: diffs of tool calls (virtual "before" documents),
 * tool call locations (and "follow agent"), validated links, and file search for @-mentions.
 */
import * as vscode from "vscode";
import { isInside } from "../acp/client/workspacePaths";

export const BEFORE_SCHEME = "acp-panel-before";

export class EditorNavigation implements vscode.Disposable {
  private readonly before = new Map<string, string>();
  /** The review's checkpoint documents (key → the real file's path), where review comments may go. */
  private readonly checkpoints = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  private counter = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(BEFORE_SCHEME, {
      provideTextDocumentContent: (uri) => this.before.get(uri.query) ?? "",
    });
  }

  /** VS Code's diff editor: the agent's old text (or empty) against the new text. */
  async openDiff(path: string, oldText: string | null | undefined, newText: string): Promise<void> {
    const key = `d${++this.counter}`;
    this.before.set(key, oldText ?? "");
    const name = path.split(/[\\/]/).pop() ?? path;
    const left = vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: key });
    const afterKey = `d${++this.counter}`;
    this.before.set(afterKey, newText);
    const right = vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: afterKey });
    await vscode.commands.executeCommand("vscode.diff", left, right, `${name} (agent's change)`, { preview: true });
  }

  /**
   * The turn's checkpoint on the left, the real file on the right: the diff editor's revert arrows
   * then undo one hunk of the agent's change in the file itself (and Ctrl+Z brings it back).
   */
  async openReviewDiff(path: string, before: string): Promise<void> {
    const name = path.split(/[\\/]/).pop() ?? path;
    await vscode.commands.executeCommand(
      "vscode.diff",
      this.virtual(name, before, path),
      vscode.Uri.file(path),
      vscode.l10n.t("{0} (checkpoint ↔ now)", name),
      { preview: true },
    );
  }

  /** Every changed file of the turn in the multi-file diff editor (checkpoint ↔ now). */
  async openReviewAll(files: ReadonlyArray<{ path: string; before: string | undefined }>): Promise<void> {
    const resources = files.map(({ path, before }) => {
      const name = path.split(/[\\/]/).pop() ?? path;
      const file = vscode.Uri.file(path);
      return [file, before === undefined ? undefined : this.virtual(name, before, path), file] as const;
    });
    await vscode.commands.executeCommand("vscode.changes", vscode.l10n.t("Files changed by the agent"), resources);
  }

  /** The real file's path of a review checkpoint document (the left side of a review diff). */
  checkpointSource(uri: vscode.Uri): string | undefined {
    return uri.scheme === BEFORE_SCHEME ? this.checkpoints.get(uri.query) : undefined;
  }

  private virtual(name: string, text: string, source: string): vscode.Uri {
    const key = `d${++this.counter}`;
    this.before.set(key, text);
    this.checkpoints.set(key, source);
    return vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: key });
  }

  /** Opens an absolute path at a 1-based line. */
  async openLocation(path: string, line: number | null | undefined, preserveFocus = false): Promise<void> {
    const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
    await vscode.window.showTextDocument(vscode.Uri.file(path), {
      selection: new vscode.Range(position, position),
      preview: true,
      preserveFocus,
    });
  }

  /** Only http(s) links, and file links inside the workspace; never command: or anything else. */
  async openLink(href: string): Promise<boolean> {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(href, true);
    } catch {
      return false;
    }
    if (uri.scheme === "http" || uri.scheme === "https") return vscode.env.openExternal(uri);
    if (uri.scheme === "file") {
      const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
      if (!roots.some((root) => isInside(uri.fsPath, root))) return false;
      await vscode.window.showTextDocument(uri, { preview: true });
      return true;
    }
    return false;
  }

  /** Workspace files whose path contains `query`, for @-mentions. */
  dispose(): void {
    this.registration.dispose();
    this.before.clear();
    this.checkpoints.clear();
  }
}
