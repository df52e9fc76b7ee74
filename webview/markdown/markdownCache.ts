/**
 * Rendered Markdown by source text, least recently used first out, bounded by the size of the
 * HTML it holds. A block that scrolls back into view, or a row re-mounted by the virtual list,
 * is then not parsed and sanitized again.
 */
import { renderMarkdown } from "./renderMarkdown";

const MAX_CACHED_CHARS = 4_000_000;

const cache = new Map<string, string>();
let cachedChars = 0;

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
  const html = renderMarkdown(source);
  cache.set(source, html);
  cachedChars += source.length + html.length;
  for (const [oldSource, oldHtml] of cache) {
    if (cachedChars <= MAX_CACHED_CHARS) break;
    cache.delete(oldSource);
    cachedChars -= oldSource.length + oldHtml.length;
  }
  return html;
}
