/**
 * Markdown → safe HTML: markdownToHtml (marked, with raw HTML shown as text and hostile blocks
 * shown as plain text), then DOMPurify over everything it produces.
 *
 * DOMPurify parses every call's input into a new document. Per block, in a flood of hundreds of
 * blocks, those documents were most of the sanitizer's time and much of the garbage whose major
 * collections made the stream's long tasks. `sanitizeHtmlBatch` sanitizes many blocks' HTML in
 * one document: each block in a wrapper marked with a token drawn when the page loads, taken
 * apart after. Each block's own HTML is well formed (marked closes what it opens and shows raw
 * HTML as text), so the wrappers come back one per block; if they ever don't (the count, the
 * order or a token is off), every block is sanitized on its own instead. Either way every byte
 * shown went through DOMPurify.
 */
import DOMPurify from "dompurify";
import { markdownToHtml } from "./markdownToHtml";

const CONFIG = { FORBID_TAGS: ["style", "form", "textarea", "select"], FORBID_ATTR: ["style"] };

function configured(returnDom: boolean): ReturnType<typeof DOMPurify> {
  const purify = DOMPurify();
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      node.setAttribute("rel", "noopener noreferrer");
      node.removeAttribute("target");
    }
  });
  // Set once: passing a config to every sanitize() call re-parses it each time.
  purify.setConfig({ ...CONFIG, RETURN_DOM: returnDom });
  return purify;
}

const purify = configured(false);
const purifyToDom = configured(true);

/** Marks a batch's wrappers; unknown to the agent, so no block can pose as a boundary. */
const BATCH_TOKEN = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
  byte.toString(16).padStart(2, "0"),
).join("");
const BATCH_ATTRIBUTE = "data-acp-block";

/** Renders one Markdown block (or a whole short text) to sanitized HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdownToHtml(source));
}

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html);
}

/** `sanitizeHtml` of each of `htmls`, in one sanitizer pass when they come back apart cleanly. */
export function sanitizeHtmlBatch(htmls: readonly string[]): string[] {
  if (htmls.length < 2) return htmls.map(sanitizeHtml);
  const wrapped = htmls.map((html) => `<div ${BATCH_ATTRIBUTE}="${BATCH_TOKEN}">${html}</div>`).join("");
  const body = purifyToDom.sanitize(wrapped) as unknown as HTMLElement;
  const parts = Array.from(body.childNodes);
  const apart =
    parts.length === htmls.length &&
    parts.every((node) => node instanceof Element && node.getAttribute(BATCH_ATTRIBUTE) === BATCH_TOKEN);
  return apart ? parts.map((node) => (node as Element).innerHTML) : htmls.map(sanitizeHtml);
}
