/**
 * Terminal output → styled runs. Understands SGR (`ESC[…m`): the 16 basic and bright colours,
 * 256-colour and truecolour (`38;5;n`, `38;2;r;g;b`, colon forms too), bold, dim, italic,
 * underline, inverse and strikethrough. Other escape sequences (cursor moves, erase, OSC titles
 * and links) are removed. A carriage return rewrites its line, as a progress bar expects.
 */

/** 0–15: a theme colour (`--vscode-terminal-ansi*`); otherwise an `rgb()` string. */
export type AnsiColor = number | string;

export interface AnsiStyle {
  readonly fg?: AnsiColor;
  readonly bg?: AnsiColor;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly inverse?: boolean;
  readonly strike?: boolean;
}

export interface AnsiRun {
  readonly text: string;
  readonly style: AnsiStyle;
}

// CSI (ESC [ params intermediates final), OSC (ESC ] … BEL or ESC \), and two-byte escapes.
const ESCAPE =
  /\u001b\[([0-9;:?<=>]*)[ -/]*([@-~])|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[()*+][0-9A-Za-z]|\u001b[@-Z\\-_]|\u009b([0-9;:]*)([@-~])/g;
const SGR_ONLY = /\u001b\[[0-9;:]*m/g;

export function parseAnsi(input: string): AnsiRun[] {
  const runs: AnsiRun[] = [];
  let style: AnsiStyle = {};
  const text = applyCarriageReturns(input);
  let last = 0;
  const push = (chunk: string) => {
    if (chunk === "") return;
    const previous = runs.at(-1);
    if (previous && previous.style === style) runs[runs.length - 1] = { text: previous.text + chunk, style };
    else runs.push({ text: chunk, style });
  };
  for (const match of text.matchAll(ESCAPE)) {
    push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const final = match[2] ?? match[4];
    const params = match[1] ?? match[3];
    if (final === "m" && params !== undefined && !params.startsWith("?")) style = applySgr(style, params);
  }
  push(text.slice(last));
  return runs;
}

/** `abc\rxy` shows `xy`; colour codes from the overwritten part are kept so the state carries on. */
function applyCarriageReturns(text: string): string {
  if (!text.includes("\r")) return text;
  return text
    .split("\n")
    .map((line) => {
      const body = line.endsWith("\r") ? line.slice(0, -1) : line;
      const cut = body.lastIndexOf("\r");
      if (cut < 0) return body;
      const codes = body.slice(0, cut).match(SGR_ONLY)?.join("") ?? "";
      return codes + body.slice(cut + 1);
    })
    .join("\n");
}

function applySgr(current: AnsiStyle, params: string): AnsiStyle {
  const codes = params === "" ? [0] : params.split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)));
  let style: { -readonly [K in keyof AnsiStyle]: AnsiStyle[K] } = { ...current };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) style = {};
    else if (code === 1) style.bold = true;
    else if (code === 2) style.dim = true;
    else if (code === 3) style.italic = true;
    else if (code === 4) style.underline = true;
    else if (code === 7) style.inverse = true;
    else if (code === 9) style.strike = true;
    else if (code === 21 || code === 22) {
      delete style.bold;
      delete style.dim;
    } else if (code === 23) delete style.italic;
    else if (code === 24) delete style.underline;
    else if (code === 27) delete style.inverse;
    else if (code === 29) delete style.strike;
    else if (code >= 30 && code <= 37) style.fg = code - 30;
    else if (code >= 90 && code <= 97) style.fg = code - 90 + 8;
    else if (code >= 40 && code <= 47) style.bg = code - 40;
    else if (code >= 100 && code <= 107) style.bg = code - 100 + 8;
    else if (code === 39) delete style.fg;
    else if (code === 49) delete style.bg;
    else if (code === 38 || code === 48) {
      const [color, used] = extendedColor(codes, i + 1, params.includes(":"));
      i += used;
      if (color !== undefined) style[code === 38 ? "fg" : "bg"] = color;
    }
  }
  return style;
}

/** Reads `5;n` or `2;r;g;b` (colon form may carry an empty colour-space id: `2::r:g:b`). */
function extendedColor(codes: readonly number[], at: number, colon: boolean): [AnsiColor | undefined, number] {
  const mode = codes[at];
  if (mode === 5) return [color256(codes[at + 1] ?? -1), 2];
  if (mode === 2) {
    const skip = colon && codes.length - at >= 5 ? 1 : 0;
    const [r, g, b] = [codes[at + 1 + skip], codes[at + 2 + skip], codes[at + 3 + skip]];
    if ([r, g, b].every((c) => c !== undefined && c >= 0 && c <= 255)) return [`rgb(${r}, ${g}, ${b})`, 4 + skip];
    return [undefined, 4 + skip];
  }
  return [undefined, 1];
}

const CUBE = [0, 95, 135, 175, 215, 255];

function color256(n: number): AnsiColor | undefined {
  if (!Number.isInteger(n) || n < 0 || n > 255) return undefined;
  if (n < 16) return n;
  if (n >= 232) {
    const level = 8 + (n - 232) * 10;
    return `rgb(${level}, ${level}, ${level})`;
  }
  const i = n - 16;
  return `rgb(${CUBE[Math.floor(i / 36)]}, ${CUBE[Math.floor(i / 6) % 6]}, ${CUBE[i % 6]})`;
}
