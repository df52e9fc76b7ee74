/**
 * Markdown → safe HTML: markdownToHtml (marked, with raw HTML shown as text and hostile blocks
 * shown as plain text), then DOMPurify over everything it produces.
 */
import DOMPurify from "dompurify";
import { markdownToHtml } from "./markdownToHtml";

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
  return purify.sanitize(markdownToHtml(source));
}
