/**
 * A fetched page as plain text for a prompt. Nothing here renders or parses HTML into a DOM: one
 * forward scan drops the tags, drops what never shows (scripts, styles, templates, comments, the
 * head) with its content, turns block elements into line breaks, and decodes character
 * references. The result is only ever sent to the agent as text, never shown as HTML.
 *
 * Linear by construction: a page is up to 1 MiB of hostile markup, converted synchronously on the
 * extension host, so no pattern may rescan the rest of the page from each `<` (the backtracking
 * regexes this replaced took minutes on a MiB of `<a` or `<!--`). The scan only moves forward: the
 * next `>` is searched once and remembered, and a comment or hidden element without its end drops
 * the rest of the page instead of being searched for again.
 */

const HIDDEN = new Set(["script", "style", "noscript", "template", "head", "svg", "iframe", "object"]);
const BLOCK = new Set(
  "p div section article header footer main nav aside h1 h2 h3 h4 h5 h6 ul ol li tr table pre blockquote dl dt dd figure form".split(
    " ",
  ),
);

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;
}

/** Where the first `</name\s*>` at or after `from` starts and ends, or undefined. */
function closing(html: string, name: string, from: number): { start: number; end: number } | undefined {
  const close = new RegExp(`</${name}\\s*>`, "gi");
  close.lastIndex = from;
  const found = close.exec(html);
  return found ? { start: found.index, end: close.lastIndex } : undefined;
}

/** The page's text with tags gone, hidden elements and comments dropped, blocks as line breaks. */
function stripMarkup(html: string): string {
  const kept: string[] = [];
  let at = 0; // start of the text not yet kept
  let nextGt = -1; // the first `>` at or after the last search; html.length when there is none
  for (let lt = html.indexOf("<", at); lt !== -1; lt = html.indexOf("<", lt + 1)) {
    if (lt < at) continue;
    if (html.startsWith("<!--", lt)) {
      kept.push(html.slice(at, lt));
      const end = html.indexOf("-->", lt + 4);
      if (end === -1) return kept.join("");
      at = end + 3;
      lt = at - 1;
      continue;
    }
    const next = html.charCodeAt(lt + 1);
    const closingTag = next === 47; // "/"
    const nameFrom = closingTag ? lt + 2 : lt + 1;
    const markup = next === 33 || next === 63; // "!" or "?"
    if (!markup && !isLetter(html.charCodeAt(nameFrom))) continue;
    if (nextGt < lt) {
      nextGt = html.indexOf(">", lt);
      if (nextGt === -1) nextGt = html.length;
    }
    // No `>` anywhere after: no tag can end, so the rest is text (as the page shows it).
    if (nextGt === html.length) break;
    const gt = nextGt;
    kept.push(html.slice(at, lt));
    at = gt + 1;
    lt = gt;
    if (markup) continue;
    let nameTo = nameFrom;
    while (nameTo < gt && isNameChar(html.charCodeAt(nameTo))) nameTo++;
    const name = html.slice(nameFrom, nameTo).toLowerCase();
    if (!closingTag && HIDDEN.has(name)) {
      const close = closing(html, name, at);
      if (!close) return kept.join("");
      at = close.end;
      lt = at - 1;
    } else if (BLOCK.has(name) || (name === "br" && !closingTag)) kept.push("\n");
  }
  kept.push(html.slice(at));
  return kept.join("");
}

/** The first `<title>`'s content, wherever it is (it usually sits in the hidden head). */
function titleOf(html: string): string | undefined {
  const open = /<title(?=[\s/>])/i.exec(html);
  if (!open) return undefined;
  const gt = html.indexOf(">", open.index);
  if (gt === -1) return undefined;
  const close = closing(html, "title", gt + 1);
  return close ? html.slice(gt + 1, close.start) : undefined;
}

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
  const title = titleOf(html);
  const body = stripMarkup(html);
  const lines = decode(body)
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, " ").trim());
  const text = lines.filter((line) => line !== "").join("\n");
  const heading = title ? decode(stripMarkup(title)).replace(/\s+/g, " ").trim() : "";
  return heading && !text.startsWith(heading) ? `${heading}\n\n${text}` : text;
}
