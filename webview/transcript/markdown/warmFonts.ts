/**
 * Lays rendered Markdown out once, out of sight, so the faces it uses are ready before a reply
 * needs them. The first time a page shapes text in a face and size it has not used yet (bold,
 * italic, the editor's monospace, a heading's size), Chromium fetches that font synchronously
 * from the browser process (on Linux: a fontconfig match, the font file mapped, its render
 * style): 20–50 ms inside the layout of the frame that first shows it, which was the first
 * streamed chunk of the first reply (its first bold word). A hidden copy pays for it in idle time.
 *
 * The copy carries the classes an agent message has (the Markdown rules match `.markdown …`,
 * wherever it sits), is fixed out of the viewport and invisible, hidden from assistive
 * technology, and removed in the task that added it: it is never painted or read.
 */

/** Class of the hidden copy (markdown.css keeps it out of sight and out of the layout flow). */
export const WARM_UP_CLASS = "font-warm-up";

/**
 * Lays out `html` (sanitized Markdown, as the transcript shows it: renderMarkdown's output) in
 * a hidden message and removes it again.
 */
export function layOutOnce(html: string, doc: Document = document): void {
  const message = doc.createElement("div");
  message.className = `${WARM_UP_CLASS} entry entry-assistant`;
  message.setAttribute("aria-hidden", "true");
  const markdown = message.appendChild(doc.createElement("div"));
  markdown.className = "markdown";
  const block = markdown.appendChild(doc.createElement("div"));
  block.className = "markdown-block";
  block.innerHTML = html;
  doc.body.appendChild(message);
  try {
    // Reading a size forces style and layout now: layout shapes the text, which loads its fonts.
    void message.offsetHeight;
  } finally {
    message.remove();
  }
}
