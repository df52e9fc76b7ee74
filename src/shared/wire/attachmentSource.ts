/**
 * Where an attachment came from, read off its URI. Attachments that are not files (the problems
 * of a file, a diff, a terminal's output) get `acp-panel://<source>/…` URIs: stable, so a chip is
 * removed and de-duplicated by its URI, and telling the agent what the text is. A fetched page
 * keeps its own http(s) URL.
 */

export const ATTACHMENT_SCHEME = "acp-panel";

export type AttachmentSource = "problems" | "scm" | "terminal" | "url" | "selection" | "image" | "file";

export function attachmentSource(uri: string, hasImage = false): AttachmentSource {
  if (hasImage) return "image";
  const match = /^acp-panel:\/\/(problems|scm|terminal)\//.exec(uri);
  if (match) return match[1] as AttachmentSource;
  if (/^https?:\/\//i.test(uri)) return "url";
  if (/#L\d+/.test(uri)) return "selection";
  return "file";
}

/** The codicon of each source, for the composer's chips and the sent message's. */
export const attachmentIcon: Record<AttachmentSource, string> = {
  problems: "warning",
  scm: "git-compare",
  terminal: "terminal",
  url: "globe",
  selection: "selection",
  image: "file-media",
  file: "file",
};

/** `acp-panel://problems/<path>`, `#L<line>` for one problem. */
export function problemsUri(relativePath: string, line?: number): string {
  return `${ATTACHMENT_SCHEME}://problems/${encodePath(relativePath)}${line === undefined ? "" : `#L${line}`}`;
}

export function scmDiffUri(kind: "working-tree" | "staged", folder?: string): string {
  return `${ATTACHMENT_SCHEME}://scm/${folder ? `${encodePath(folder)}/` : ""}${kind}.diff`;
}

/** By the terminal's number, not its name: two terminals are often both called "bash". */
export function terminalUri(terminalId: number, what: "selection" | "last-command"): string {
  return `${ATTACHMENT_SCHEME}://terminal/${terminalId}/${what}`;
}

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/**
 * The composer's attachments after adding `added`: one chip per URI, and the newest wins. A chip
 * attached again (a terminal's last command re-attached after it printed more) is replaced in its
 * place by the fresh one, never kept stale.
 */
export function withAttachments<T extends { readonly uri: string }>(current: readonly T[], added: readonly T[]): T[] {
  const next = [...current];
  const at = new Map(next.map((attachment, index) => [attachment.uri, index]));
  for (const attachment of added) {
    const index = at.get(attachment.uri);
    if (index === undefined) at.set(attachment.uri, next.push(attachment) - 1);
    else next[index] = attachment;
  }
  return next;
}
