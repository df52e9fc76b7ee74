/**
 * Everything the panel opens in the editor: diffs of tool calls (virtual "before" documents),
 * tool call locations (and "follow agent"), validated links, and file search for @-mentions.
 */
import * as vscode from "vscode";
import { openVerdict } from "../acp/client/callbacks/openTarget";

export const BEFORE_SCHEME = "acp-panel-before";

export class EditorNavigation implements vscode.Disposable {
  private readonly before = new Map<string, string>();
  /** The review's checkpoint documents (key → the real file's path), where review comments may go. */
  private readonly checkpoints = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  /** Fired when a checkpoint document's text changed (a hunk kept): the diff editor reads it again. */
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private counter = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(BEFORE_SCHEME, {
      onDidChange: this.changed.event,
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

  /**
   * A set of files in the multi-file diff editor, each `before` (a virtual document; none: the file
   * is new) against the file on disk (none: it was deleted). Used for a worktree's branch diff.
   */
  async openChanges(
    title: string,
    files: ReadonlyArray<{ path: string; before: string | undefined; deleted: boolean }>,
  ): Promise<void> {
    const resources = files.map(({ path, before, deleted }) => {
      const name = path.split(/[\\/]/).pop() ?? path;
      const file = vscode.Uri.file(path);
      // Not a review checkpoint (no Keep This Change or review comments on it): a plain virtual document.
      const key = `d${++this.counter}`;
      if (before !== undefined) this.before.set(key, before);
      const left =
        before === undefined ? undefined : vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: key });
      return [file, left, deleted ? undefined : file] as const;
    });
    await vscode.commands.executeCommand("vscode.changes", title, resources);
  }

  /** The real file's path of a review checkpoint document (the left side of a review diff). */
  checkpointSource(uri: vscode.Uri): string | undefined {
    return uri.scheme === BEFORE_SCHEME ? this.checkpoints.get(uri.query) : undefined;
  }

  /** Every open checkpoint document of `path` now shows `text` (its review baseline after a kept hunk). */
  refreshCheckpoint(path: string, text: string): void {
    for (const [key, source] of this.checkpoints) {
      if (source !== path) continue;
      this.before.set(key, text);
      const name = path.split(/[\\/]/).pop() ?? path;
      this.changed.fire(vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: key }));
    }
  }

  private virtual(name: string, text: string, source: string): vscode.Uri {
    const key = `d${++this.counter}`;
    this.before.set(key, text);
    this.checkpoints.set(key, source);
    return vscode.Uri.from({ scheme: BEFORE_SCHEME, path: `/${name}`, query: key });
  }

  /**
   * Opens an absolute path the agent named at a 1-based line (and column): inside the workspace at once,
   * outside it after the user says so (openTarget.ts); a UNC path or a device never. False when
   * it was not opened.
   */
  async openLocation(
    path: string,
    line: number | null | undefined,
    options: { readonly preserveFocus?: boolean; readonly column?: number | null | undefined } = {},
  ): Promise<boolean> {
    const verdict = await openVerdict(path, localRoots());
    if (verdict.kind === "refuse") throw new Error(`refused to open ${path}: ${verdict.reason}`);
    if (verdict.kind === "ask" && !(await confirmOutside(path))) return false;
    const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), Math.max(0, (options.column ?? 1) - 1));
    await vscode.window.showTextDocument(vscode.Uri.file(path), {
      selection: new vscode.Range(position, position),
      preview: true,
      preserveFocus: options.preserveFocus ?? false,
    });
    return true;
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
      // A link in the agent's text opens only inside the workspace (no UNC host: `file://host/…`).
      if (uri.authority !== "" || (await openVerdict(uri.fsPath, localRoots())).kind !== "open") return false;
      await vscode.window.showTextDocument(uri, { preview: true });
      return true;
    }
    return false;
  }

  /** Workspace files whose path contains `query`, for @-mentions. */
  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.before.clear();
    this.checkpoints.clear();
  }
}

function localRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === "file")
    .map((folder) => folder.uri.fsPath);
}

/** A location outside the workspace: the user clicked it, but the agent chose the path. */
async function confirmOutside(path: string): Promise<boolean> {
  const open = vscode.l10n.t("Open");
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Open {0}? It is outside the workspace.", path),
    {
      modal: true,
      detail: vscode.l10n.t("The agent named this path: open it only if you expect this file."),
    },
    open,
  );
  return answer === open;
}
