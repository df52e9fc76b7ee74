/**
 * Streamed Markdown, rendered incrementally: the text is split into top-level blocks (re-split
 * only from the last block while the text grows), finished blocks keep their text and are
 * memoised, and only the last, growing block is parsed again.
 *
 * Rendering is budgeted per task (renderBudget.ts): when an agent floods the panel, the
 * newest blocks render first, the rest show as plain text and are rendered once they come near
 * the viewport (deferredBlocks.ts). Very long messages are cut into segments that the
 * transcript windows like entries (messageSegments.ts); each segment renders its MarkdownBlocks.
 */
import { type MouseEvent, memo, useEffect, useMemo, useReducer, useRef } from "react";
import { hostActions } from "../../host/hooks";
import { usePathLinks } from "./usePathLinks";
import { upgradeWhenVisible } from "./deferredBlocks";
import { cachedMarkdown, grammarWait, renderMarkdownCached } from "./markdownCache";
import { linkPaths } from "./pathLinkDom";
import { hasRenderBudget } from "./renderBudget";
import { type SplitText, splitGrowingText } from "./splitBlocks";
import { t } from "../../l10n";

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const previous = useRef<SplitText | undefined>(undefined);
  const split = useMemo(() => splitGrowingText(text, previous.current), [text]);
  previous.current = split;
  return <MarkdownBlocks blocks={split.blocks} from={0} to={split.blocks.length} />;
});

interface MarkdownBlocksProps {
  readonly blocks: readonly string[];
  /** The blocks shown: [from, to). */
  readonly from: number;
  readonly to: number;
}

/** Equal when the shown blocks are the same strings, whatever array holds them. */
function sameBlocks(a: MarkdownBlocksProps, b: MarkdownBlocksProps): boolean {
  if (a.from !== b.from || a.to !== b.to) return false;
  for (let i = a.from; i < a.to; i++) if (a.blocks[i] !== b.blocks[i]) return false;
  return true;
}

/** A run of top-level blocks of one message (all of it, or a segment of a long one). */
export const MarkdownBlocks = memo(function MarkdownBlocks({ blocks, from, to }: MarkdownBlocksProps) {
  // Newest first: the blocks at the end are the ones a reader following the stream sees. The last
  // block too waits for budget: when a long thread mounts, every message on screen has a last
  // block, and rendering them all at once is the long task the budget exists to prevent. The
  // first check of a task always passes, so a streaming message still renders as it grows.
  let firstEager = to;
  while (firstEager > from) {
    const block = blocks[firstEager - 1] ?? "";
    if (cachedMarkdown(block) === undefined && !hasRenderBudget()) break;
    renderMarkdownCached(block);
    firstEager--;
  }
  const shown = [];
  for (let index = from; index < to; index++)
    shown.push(<MarkdownBlock key={index} source={blocks[index] ?? ""} eager={index >= firstEager} />);
  return (
    <div className="markdown" onClick={onMarkdownClick}>
      {shown}
    </div>
  );
}, sameBlocks);

const MarkdownBlock = memo(function MarkdownBlock({ source, eager }: { source: string; eager: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  const formatted = useRef<HTMLDivElement>(null);
  const pathLinks = usePathLinks();
  const [, upgrade] = useReducer((n: number) => n + 1, 0);
  // Once rendered, a block keeps its HTML even if the cache has let go of it.
  const rendered = useRef<{ source: string; html: string } | undefined>(undefined);
  const html =
    (rendered.current?.source === source ? rendered.current.html : undefined) ??
    (eager
      ? renderMarkdownCached(source)
      : (cachedMarkdown(source) ?? (hasRenderBudget() ? renderMarkdownCached(source) : undefined)));
  rendered.current = html === undefined ? undefined : { source, html };
  const pending = html === undefined;
  useEffect(
    () => (pending && element.current ? upgradeWhenVisible(element.current, upgrade) : undefined),
    [pending, source],
  );
  // Rendered before a grammar it names had loaded: render again (highlighted) once it has.
  const grammar = pending ? undefined : grammarWait(source);
  useEffect(() => {
    if (grammar === undefined) return undefined;
    let live = true;
    void grammar.then(() => {
      if (!live) return;
      rendered.current = undefined;
      upgrade();
    });
    return () => {
      live = false;
    };
  }, [grammar]);
  // Plain paths become links once the host says they name workspace files (pathLinkDom.ts).
  useEffect(() => {
    const root = formatted.current;
    if (pending || !root || !pathLinks) return undefined;
    const link = () => pathLinks.request(linkPaths(root, (path) => pathLinks.file(path)));
    link();
    return pathLinks.subscribe(link);
  }, [html, pending, pathLinks]);
  return pending ? (
    <div key="plain" ref={element} className="markdown-block markdown-plain">
      {source}
    </div>
  ) : (
    <div key="html" ref={formatted} className="markdown-block" dangerouslySetInnerHTML={{ __html: html }} />
  );
});

/** One delegated handler for the sanitized HTML: copy and expand buttons, and links. */
function onMarkdownClick(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof Element)) return;
  const expand = event.target.closest("button[data-expand-code]");
  if (expand instanceof HTMLButtonElement) {
    toggleLongCode(expand);
    return;
  }
  const copy = event.target.closest("button[data-copy-code]");
  if (copy instanceof HTMLButtonElement) {
    void copyCode(copy);
    return;
  }
  const pathLink = event.target.closest("button[data-path-file]");
  if (pathLink instanceof HTMLButtonElement) {
    const { pathFile, line, column } = pathLink.dataset;
    if (pathFile)
      hostActions.openLocation(pathFile, line ? Number(line) : undefined, column ? Number(column) : undefined);
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

/** Lifts or restores a long block's height cap (a DOM toggle: the block's HTML is cached as is). */
function toggleLongCode(button: HTMLButtonElement): void {
  const expanded = button.closest(".code-block")?.classList.toggle("code-block-expanded") ?? false;
  button.setAttribute("aria-expanded", String(expanded));
  if (!button.dataset.label) button.dataset.label = button.textContent;
  button.textContent = expanded ? t("Show fewer lines") : button.dataset.label;
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest(".code-block")?.querySelector("code")?.textContent ?? "";
  try {
    await navigator.clipboard.writeText(code);
    flash(button, t("Copied"));
  } catch (error) {
    console.warn("ACP Panel: could not copy to the clipboard", error);
    flash(button, t("Copy failed"));
  }
}

function flash(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  window.setTimeout(() => {
    button.textContent = t("Copy");
  }, 1500);
}
