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

export function terminalUri(terminalName: string, what: "selection" | "last-command"): string {
  return `${ATTACHMENT_SCHEME}://terminal/${encodeURIComponent(terminalName)}/${what}`;
}

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
