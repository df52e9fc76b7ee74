/**
 * Markdown → safe HTML: marked, then DOMPurify. Agents relay text from anywhere (web pages,
 * files, tool output), so raw HTML in their Markdown is shown as text, never parsed, and the
 * sanitizer still runs on everything marked produces.
 */
import DOMPurify from "dompurify";
import { Marked, type Tokens } from "marked";
import { highlightCode } from "./highlight";

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

function renderCode({ text, lang }: Tokens.Code): string {
  const language = /^\S*/.exec(lang ?? "")?.[0]?.toLowerCase() ?? "";
  const body = highlightCode(text, language) ?? escapeHtml(text);
  const label = language === "" ? "" : `<span class="code-language">${escapeHtml(language)}</span>`;
  const languageClass = language === "" ? "hljs" : `hljs language-${escapeHtml(language)}`;
  return `<div class="code-block"><div class="code-toolbar">${label}` +
    `<button type="button" class="code-copy" data-copy-code aria-label="Copy code" title="Copy code">Copy</button></div>` +
    `<pre><code class="${languageClass}">${body}</code></pre></div>`;
}

const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    // Raw HTML (block or inline) is text to show, not markup to parse.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    code: renderCode,
  },
});

const purify = DOMPurify();
purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("rel", "noopener noreferrer");
    node.removeAttribute("target");
  }
});

// Parsed once: passing a config to every sanitize() call re-parses it each time.
purify.setConfig({ FORBID_TAGS: ["style", "form", "textarea", "select"], FORBID_ATTR: ["style"] });

/** Renders one Markdown block (or a whole short text) to sanitized HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return purify.sanitize(html);
}
