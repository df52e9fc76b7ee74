/**
 * Streamed Markdown, rendered incrementally: the text is split into top-level blocks, finished
 * blocks are memoised on their text, and only the last, growing block is parsed again.
 */
import { type MouseEvent, memo, useMemo } from "react";
import { hostActions } from "../hooks";
import { renderMarkdown } from "../markdown/renderMarkdown";
import { splitBlocks } from "../markdown/splitBlocks";

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="markdown" onClick={onMarkdownClick}>
      {blocks.map((block, index) => <MarkdownBlock key={index} source={block} />)}
    </div>
  );
});

const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="markdown-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** One delegated handler for the sanitized HTML: copy buttons and links. */
function onMarkdownClick(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof Element)) return;
  const copy = event.target.closest("button[data-copy-code]");
  if (copy instanceof HTMLButtonElement) {
    void copyCode(copy);
    return;
  }
  // Never navigate the webview itself. VS Code's webview frame still sees the click and opens
  // http(s) and mailto links itself; anything else (a workspace path) goes to the host, which
  // opens only files inside the workspace.
  const link = event.target.closest("a");
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute("href");
  if (href && href !== "#" && !/^(https?|mailto):/i.test(href)) hostActions.openLink(href);
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest(".code-block")?.querySelector("code")?.textContent ?? "";
  try {
    await navigator.clipboard.writeText(code);
    flash(button, "Copied");
  } catch (error) {
    console.warn("ACP Panel: could not copy to the clipboard", error);
    flash(button, "Copy failed");
  }
}

function flash(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  window.setTimeout(() => {
    button.textContent = "Copy";
  }, 1500);
}
