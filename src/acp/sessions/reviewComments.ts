/**
 * The review's line comments as one prompt (issue 25, point 5): each comment names its place as
 * `path:line` (workspace-relative, 1-based), quotes the line(s) it is on, then gives the user's text.
 * The text is for the agent, so it is not translated.
 */
import { basename, isAbsolute, relative, sep } from "node:path";

/** One comment the user left in the review diff. */
export interface ReviewComment {
  /** The real file's absolute path (also for a comment on the checkpoint side). */
  readonly path: string;
  /** 1-based, inclusive. */
  readonly startLine: number;
  readonly endLine: number;
  /** The commented lines as the document shows them (line breaks of any kind are dropped). */
  readonly lines: readonly string[];
  /** The user's comment; may span several lines. */
  readonly body: string;
  /** The comment is on the checkpoint (left) side: its line numbers are the checkpoint's. */
  readonly onCheckpoint?: boolean;
}

/** The text of lines `start..end` (0-based, inclusive) of a document, whatever its line breaks. */
export function linesOf(text: string, start: number, end: number): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.slice(Math.max(0, start), Math.min(lines.length, end + 1));
}

/**
 * `path` relative to the workspace folder holding it, with `/` separators. In a multi-root
 * workspace the folder's name comes first (as VS Code's `asRelativePath` does); a path outside
 * every folder stays absolute.
 */
export function workspaceRelative(path: string, roots: readonly string[]): string {
  const inside = roots
    .map((root) => ({ root, rel: relative(root, path) }))
    .filter(({ rel }) => rel !== "" && !rel.startsWith("..") && !isAbsolute(rel))
    .sort((a, b) => b.root.length - a.root.length)[0];
  if (!inside) return path;
  const rel = inside.rel.split(sep).join("/");
  return roots.length > 1 ? `${basename(inside.root)}/${rel}` : rel;
}

function place(comment: ReviewComment, roots: readonly string[]): string {
  const at = `${workspaceRelative(comment.path, roots)}:${comment.startLine}`;
  const range = comment.endLine > comment.startLine ? `${at}-${comment.endLine}` : at;
  return comment.onCheckpoint ? `${range} (before your change)` : range;
}

/** The prompt that sends every comment at once; empty when there is none. */
export function reviewCommentsPrompt(comments: readonly ReviewComment[], roots: readonly string[]): string {
  if (comments.length === 0) return "";
  const blocks = comments.map((comment) => {
    const quote = comment.lines.map((line) => `> ${line.replace(/\r$/, "")}`.trimEnd());
    const body = comment.body.replace(/\r\n?/g, "\n").trim();
    return [place(comment, roots), ...quote, body].join("\n");
  });
  const heading =
    comments.length === 1 ? "A review comment on your changes:" : `${comments.length} review comments on your changes:`;
  return [heading, ...blocks].join("\n\n");
}
