/**
 * Line comments on the agent's changes (issue 25, point 5), through VS Code's Comments API. The
 * "+" gutter shows on the files of the active session's review and on the checkpoint side of a
 * review diff. "Add Comment" keeps a comment pending; "Send Comments to Agent" sends all pending
 * comments as one prompt (reviewComments.ts in src/acp/sessions formats it) and then clears them.
 */
import * as vscode from "vscode";
import type { ChatSession } from "../acp/sessions/chatSession";
import { linesOf, reviewCommentsPrompt, type ReviewComment } from "../acp/sessions/reviewComments";
import type { EditorNavigation } from "./editorNavigation";
import { workspaceCwd } from "./workspaceCwd";

/** The controller's id: package.json's comment menus say `commentController == acpPanel.review`. */
export const REVIEW_COMMENTS_ID = "acpPanel.review";
const PENDING = "acpPanel.pendingComment";

/** What VS Code passes to a `comments/commentThread/context` command: the thread and the reply box's text. */
interface CommentReply {
  readonly thread: vscode.CommentThread;
  readonly text: string;
}

function isReply(value: unknown): value is CommentReply {
  return typeof value === "object" && value !== null && "thread" in value && "text" in value;
}

function bodyText(body: string | vscode.MarkdownString): string {
  return typeof body === "string" ? body : body.value;
}

export class ReviewComments implements vscode.Disposable {
  private readonly controller: vscode.CommentController;
  /** Threads holding at least one pending comment, in the order they were made. */
  private readonly threads = new Set<vscode.CommentThread>();
  /** Each pending comment's thread: *Delete Comment* gets only the comment. */
  private readonly owners = new WeakMap<vscode.Comment, vscode.CommentThread>();

  constructor(
    private readonly active: () => ChatSession | undefined,
    private readonly navigation: EditorNavigation,
  ) {
    this.controller = vscode.comments.createCommentController(REVIEW_COMMENTS_ID, vscode.l10n.t("ACP Panel review"));
    this.controller.options = {
      prompt: vscode.l10n.t("Comment on the agent's change"),
      placeHolder: vscode.l10n.t("A comment for the agent (sent with Send Comments to Agent)"),
    };
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) =>
        this.commentable(document.uri) ? [new vscode.Range(0, 0, Math.max(0, document.lineCount - 1), 0)] : [],
    };
  }

  /** The reply box's text becomes a pending comment of its thread. */
  add(reply: unknown): void {
    if (!isReply(reply)) return;
    const text = reply.text.trim();
    if (!text) return;
    const thread = reply.thread;
    const comment: vscode.Comment = {
      body: text,
      mode: vscode.CommentMode.Preview,
      author: { name: vscode.l10n.t("You") },
    };
    this.owners.set(comment, thread);
    thread.comments = [...thread.comments, comment];
    thread.label = vscode.l10n.t("For the agent, not sent yet");
    thread.contextValue = PENDING;
    thread.canReply = true;
    thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    this.threads.add(thread);
  }

  /** Takes a pending comment back; a thread left empty goes. */
  remove(comment: unknown): void {
    if (typeof comment !== "object" || comment === null) return;
    const thread = this.owners.get(comment as vscode.Comment);
    if (!thread) return;
    thread.comments = thread.comments.filter((candidate) => candidate !== comment);
    if (thread.comments.length > 0) return;
    this.threads.delete(thread);
    thread.dispose();
  }

  /**
   * Sends every pending comment as one prompt to the active session, then disposes their threads.
   * From the reply box (`arg` is a CommentReply) its text is added first. With no running agent
   * nothing is sent and the comments stay.
   */
  async send(arg?: unknown): Promise<void> {
    if (isReply(arg)) this.add(arg);
    const threads = [...this.threads];
    const comments = (await Promise.all(threads.map((thread) => this.commentsOf(thread)))).flat();
    if (comments.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("No comments to send: add one on a line of a diff from Files changed."),
      );
      return;
    }
    const session = this.active();
    const status = session?.store.state.connection.status;
    // "starting" queues the prompt until the session is ready; other states would bounce it.
    if (!session || (status !== "ready" && status !== "starting")) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          "No agent is running in the ACP panel: your comments are kept. Start a session and send them again.",
        ),
      );
      return;
    }
    // Not awaited: prompt() settles when the turn ends, but the message is accepted (sent or queued) now.
    void session.prompt(reviewCommentsPrompt(comments, workspaceCwd.roots())).catch((error: unknown) => {
      void vscode.window.showErrorMessage(
        vscode.l10n.t("Send Comments to Agent failed: {0}", error instanceof Error ? error.message : String(error)),
      );
    });
    for (const thread of threads) {
      this.threads.delete(thread);
      thread.dispose();
    }
    await vscode.commands.executeCommand("workbench.view.extension.acpPanel");
  }

  dispose(): void {
    this.threads.clear();
    this.controller.dispose();
  }

  /** A file of the active review, or the checkpoint side of a review diff. */
  private commentable(uri: vscode.Uri): boolean {
    if (this.navigation.checkpointSource(uri) !== undefined) return true;
    if (uri.scheme !== "file") return false;
    return this.active()?.review?.pendingPaths().includes(uri.fsPath) ?? false;
  }

  private async commentsOf(thread: vscode.CommentThread): Promise<ReviewComment[]> {
    const source = this.navigation.checkpointSource(thread.uri);
    const document = await vscode.workspace.openTextDocument(thread.uri);
    const { start, end } = thread.range;
    // A range dragged down to the start of a line ends at column 0 of it: that line is not part of it.
    const last = end.line > start.line && end.character === 0 ? end.line - 1 : end.line;
    const lines = linesOf(document.getText(), start.line, last);
    return thread.comments.map((comment) => ({
      path: source ?? thread.uri.fsPath,
      startLine: start.line + 1,
      endLine: last + 1,
      lines,
      body: bodyText(comment.body),
      ...(source !== undefined ? { onCheckpoint: true } : {}),
    }));
  }
}
