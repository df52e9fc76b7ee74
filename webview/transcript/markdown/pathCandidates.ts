/**
 * Plain paths in rendered text that may name workspace files (issue 29 §5): `src/greet.ts`,
 * `file.ts:42`, `src/a.ts:3:7`, `src/main.ts#L12`, absolute ones. Only candidates: the host says
 * which exist (`paths/check`), and only those become links.
 *
 * A candidate is a run of non-separator characters that contains a `/` (or `\`) or ends in a
 * known file extension; never a URL (`scheme:`), a home path (`~/`), a network path (`//host`) or a
 * folder (trailing `/`). One pass over the text, a bounded look at each word, no regular
 * expressions: agent text is hostile, and this runs on every rendered block.
 */
import { MAX_PATH_CANDIDATES_PER_BLOCK, MAX_PATH_CANDIDATE_LENGTH } from "../../../src/shared/wire/pathLinkLimits";

export interface PathCandidate {
  /** Offsets in the text of the whole link text, suffix included: [start, end). */
  readonly start: number;
  readonly end: number;
  /** The path without its `:line`, `:line:col` or `#Lline` suffix. */
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

/** Characters that end a word: whitespace, quotes, brackets and punctuation never inside a path we link. */
const SEPARATORS = new Set([..." \t\n\r\f\v\u00a0\"'`<>()[]{},;|=*!?"].map((char) => char.charCodeAt(0)));

/** Extensions that make a bare name (`package.json`, `file.ts`) a candidate without a slash. */
const KNOWN_EXTENSIONS = new Set(
  (
    "ts tsx mts cts js jsx mjs cjs json jsonc md mdx txt py pyi rs go java kt kts scala c h cc cpp cxx hpp hh cs fs rb " +
    "php swift m mm sh bash zsh fish ps1 bat cmd yml yaml toml ini cfg conf env lock html htm css scss sass less vue " +
    "svelte astro sql xml proto graphql gql gradle dart lua r jl ex exs erl hs ml clj zig nim tf hcl csv tsv svg ipynb"
  ).split(" "),
);

/** A `:line[:col]` or `#L12` suffix is at most this long; a word longer than path + suffix is skipped whole. */
const MAX_SUFFIX = 24;

/** Every candidate in `text`, in order, at most `max` of them. */
export function pathCandidates(text: string, max = MAX_PATH_CANDIDATES_PER_BLOCK): PathCandidate[] {
  const found: PathCandidate[] = [];
  let index = 0;
  while (index < text.length && found.length < max) {
    while (index < text.length && SEPARATORS.has(text.charCodeAt(index))) index++;
    const start = index;
    while (index < text.length && !SEPARATORS.has(text.charCodeAt(index))) index++;
    if (index - start > MAX_PATH_CANDIDATE_LENGTH + MAX_SUFFIX) continue;
    const candidate = candidateIn(text, start, index);
    if (candidate) found.push(candidate);
  }
  return found;
}

/** The candidate in the word text[start, end), if it is one. */
function candidateIn(text: string, start: number, wordEnd: number): PathCandidate | undefined {
  let end = wordEnd;
  // Sentence punctuation after a path: "see src/a.ts." or "in src/a.ts:".
  while (end > start && (text[end - 1] === "." || text[end - 1] === ":")) end--;
  if (end === start) return undefined;
  const word = text.slice(start, end);
  const split = splitSuffix(word);
  if (!split) return undefined;
  const { path } = split;
  if (!looksLikePath(path)) return undefined;
  return { start, end, path, ...(split.line === undefined ? {} : { line: split.line }), ...split.column };
}

interface Split {
  readonly path: string;
  readonly line?: number;
  readonly column?: { readonly column: number };
}

/** `path`, `path:12`, `path:12:5`, `path#L12` (or `#L12-L20`, the first line); undefined for any other colon or `#`. */
function splitSuffix(word: string): Split | undefined {
  const hash = word.indexOf("#");
  if (hash >= 0) {
    if (word[hash + 1] !== "L") return undefined;
    const digits = digitRun(word, hash + 2);
    const rest = hash + 2 + digits.length;
    const rangeEnd = rest < word.length && word[rest] === "-" ? rangeTail(word, rest + 1) : rest;
    if (digits.length === 0 || rangeEnd !== word.length) return undefined;
    const path = word.slice(0, hash);
    return hasColonOutsideDrive(path) ? undefined : { path, line: Number(digits) };
  }
  // A Windows drive (`C:\src\a.ts`) is the only colon allowed before the suffix.
  const from = isDrive(word) ? 2 : 0;
  const colon = word.indexOf(":", from);
  if (colon < 0) return { path: word };
  const line = digitRun(word, colon + 1);
  let next = colon + 1 + line.length;
  if (line.length === 0) return undefined; // `mailto:x`, `http:`, `a:b`
  let column: string | undefined;
  if (next < word.length && word[next] === ":") {
    column = digitRun(word, next + 1);
    if (column.length === 0) return undefined;
    next += 1 + column.length;
  }
  if (next !== word.length) return undefined;
  const path = word.slice(0, colon);
  return column === undefined
    ? { path, line: Number(line) }
    : { path, line: Number(line), column: { column: Number(column) } };
}

/** The end of `L20` or `20` after a range's dash, or -1 when it is neither. */
function rangeTail(word: string, at: number): number {
  const from = word[at] === "L" ? at + 1 : at;
  const digits = digitRun(word, from);
  return digits.length === 0 ? -1 : from + digits.length;
}

/** Up to 9 digits from `at` (a line number, never a long run of them). */
function digitRun(word: string, at: number): string {
  let end = at;
  while (end < word.length && end - at < 10 && word.charCodeAt(end) >= 48 && word.charCodeAt(end) <= 57) end++;
  return end - at > 9 ? "" : word.slice(at, end);
}

function isDrive(word: string): boolean {
  const letter = word.charCodeAt(0) | 0x20;
  return letter >= 97 && letter <= 122 && word[1] === ":" && (word[2] === "\\" || word[2] === "/");
}

function hasColonOutsideDrive(path: string): boolean {
  return path.indexOf(":", isDrive(path) ? 2 : 0) >= 0;
}

function looksLikePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_CANDIDATE_LENGTH) return false;
  const first = path[0];
  if (first === "~" || first === "#" || first === "@" || first === "-") return false;
  // `//host/share`, `\\server\share`: network paths are never links.
  if ((first === "/" || first === "\\") && (path[1] === "/" || path[1] === "\\")) return false;
  const last = path[path.length - 1];
  if (last === "/" || last === "\\") return false;
  let slash = -1;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code < 32 || code === 127) return false;
    if (code === 47 || code === 92) slash = i;
  }
  const name = path.slice(slash + 1);
  if (!/[A-Za-z]/.test(name)) return false;
  if (slash >= 0) return true;
  const dot = name.lastIndexOf(".");
  return dot > 0 && KNOWN_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}
