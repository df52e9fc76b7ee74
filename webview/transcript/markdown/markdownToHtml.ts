/**
 * Markdown → HTML with marked (not yet sanitized; renderMarkdown.ts runs DOMPurify over it). Free
 * of the DOM, so the fuzz suite runs it under Node.
 *
 * Agents relay text from anywhere (web pages, files, tool output):
 * - raw HTML in their Markdown is shown as text, never parsed;
 * - a block over the pre-scan's limits (markdownLimits.ts) is never given to marked, and anything
 *   marked still throws on is caught: either way the block is shown as its plain source with a
 *   note, so one hostile block cannot break the message, the entry or the panel.
 */
import { Marked, Renderer, type Tokens } from "marked";
import { highlightCode } from "./highlight";
import { type MarkdownLimit, markdownLimitExceeded } from "./markdownLimits";
import { t } from "../../l10n";

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** Blocks longer than this start capped in height (markdown.css), with "Show all n lines". */
const LONG_CODE_LINES = 20;

function renderCode({ text, lang }: Tokens.Code): string {
  const language = /^\S*/.exec(lang ?? "")?.[0]?.toLowerCase() ?? "";
  const body = highlightCode(text, language) ?? escapeHtml(text);
  const label = language === "" ? "" : `<span class="code-language">${escapeHtml(language)}</span>`;
  const languageClass = language === "" ? "hljs" : `hljs language-${escapeHtml(language)}`;
  const lines = text.split("\n").length;
  const long = lines > LONG_CODE_LINES;
  const expand = long
    ? `<button type="button" class="code-copy" data-expand-code aria-expanded="false">${escapeHtml(t("Show all {0} lines", lines))}</button>`
    : "";
  // Every block can scroll (a capped one down, any one sideways at sidebar width), so each takes
  // keyboard focus, as tables do (axe: scrollable-region-focusable).
  return (
    `<div class="${long ? "code-block code-block-long" : "code-block"}"><div class="code-toolbar">${label}${expand}` +
    `<button type="button" class="code-copy" data-copy-code aria-label="${escapeHtml(t("Copy code"))}" title="${escapeHtml(t("Copy code"))}">${escapeHtml(t("Copy"))}</button></div>` +
    `<pre tabindex="0"><code class="${languageClass}">${body}</code></pre></div>`
  );
}

const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    // A table scrolls sideways at sidebar width (markdown.css), so it takes keyboard focus
    // (axe: scrollable-region-focusable).
    table(token: Tokens.Table): string {
      const html = Renderer.prototype.table.call(this, token) as string;
      return html.replace(/^<table>/, '<table tabindex="0">');
    },
    // Raw HTML (block or inline) is text to show, not markup to parse.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    code: renderCode,
  },
});

const notes: Record<MarkdownLimit | "error", string> = {
  size: t("Shown as plain text: this block is too large to format."),
  nesting: t("Shown as plain text: this block is nested too deeply to format."),
  emphasis: t("Shown as plain text: this block has too many emphasis marks to format."),
  error: t("Shown as plain text: this block could not be formatted."),
};

/** A block shown as its source: escaped text under a note that says why. */
export function unformattedHtml(source: string, reason: MarkdownLimit | "error"): string {
  return (
    `<div class="markdown-unformatted"><p class="markdown-note" role="note">${escapeHtml(notes[reason])}</p>` +
    `<pre>${escapeHtml(source)}</pre></div>`
  );
}

/** One Markdown block (or a whole short text) as HTML, or as its plain source when it is hostile. */
export function markdownToHtml(source: string): string {
  const limit = markdownLimitExceeded(source);
  if (limit !== undefined) return unformattedHtml(source, limit);
  try {
    return marked.parse(source, { async: false });
  } catch (error) {
    console.warn("ACP Panel: a Markdown block could not be formatted", error);
    return unformattedHtml(source, "error");
  }
}
