/**
 * A fetched page as plain text for a prompt. Nothing here renders or parses HTML into a DOM: tags
 * are removed by pattern, what never shows (scripts, styles, templates, comments, the head) is
 * dropped with its content, block elements become line breaks, and character references are
 * decoded. The result is only ever sent to the agent as text, never shown as HTML.
 */

const HIDDEN = /<(script|style|noscript|template|head|svg|iframe|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const BLOCK =
  /<\/?(p|div|section|article|header|footer|main|nav|aside|h[1-6]|ul|ol|li|tr|table|pre|blockquote|dl|dt|dd|figure|form)\b[^>]*>/gi;
const BREAK = /<br\s*\/?>/gi;
const TAG = /<\/?[a-zA-Z][^>]*>|<![^>]*>|<\?[^>]*>/g;

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const body = html.replace(COMMENT, "").replace(HIDDEN, "").replace(BREAK, "\n").replace(BLOCK, "\n").replace(TAG, "");
  const lines = decode(body)
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, " ").trim());
  const text = lines.filter((line) => line !== "").join("\n");
  const heading = title ? decode(title.replace(TAG, "")).replace(/\s+/g, " ").trim() : "";
  return heading && !text.startsWith(heading) ? `${heading}\n\n${text}` : text;
}
