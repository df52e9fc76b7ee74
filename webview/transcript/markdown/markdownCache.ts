/**
 * Rendered Markdown by source text, least recently used first out, bounded by the size of the
 * HTML it holds. A block that scrolls back into view, or a row re-mounted by the virtual list,
 * is then not parsed and sanitized again.
 */
import { whileCollectingGrammarWaits } from "./highlight";
import { renderMarkdown } from "./renderMarkdown";

const MAX_CACHED_CHARS = 4_000_000;

const cache = new Map<string, string>();
let cachedChars = 0;

/** Sources whose cached HTML was rendered while a grammar they name was loading. */
const waiting = new Map<string, Promise<void>>();

/**
 * When `source` was last rendered without a grammar it names (still loading): settles once every
 * such grammar has loaded, and its stale HTML has left the cache (render it again then).
 */
export function grammarWait(source: string): Promise<void> | undefined {
  return waiting.get(source);
}

/** The cached HTML for `source`, if any. */
export function cachedMarkdown(source: string): string | undefined {
  const html = cache.get(source);
  if (html === undefined) return undefined;
  cache.delete(source);
  cache.set(source, html);
  return html;
}

/** Renders `source` (sanitized HTML), remembering the result. */
export function renderMarkdownCached(source: string): string {
  const hit = cachedMarkdown(source);
  if (hit !== undefined) return hit;
  const { value: html, waits } = whileCollectingGrammarWaits(() => renderMarkdown(source));
  cache.set(source, html);
  if (waits.length > 0) {
    const wait = Promise.all(waits).then(() => {
      waiting.delete(source);
      const stale = cache.get(source);
      if (stale === undefined) return;
      cache.delete(source);
      cachedChars -= source.length + stale.length;
    });
    waiting.set(source, wait);
  }
  cachedChars += source.length + html.length;
  for (const [oldSource, oldHtml] of cache) {
    if (cachedChars <= MAX_CACHED_CHARS) break;
    cache.delete(oldSource);
    cachedChars -= oldSource.length + oldHtml.length;
  }
  return html;
}
