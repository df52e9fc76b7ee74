import type { TerminalEvents } from "../../ports";
/**
 * The bookkeeping of terminal mirrors (VS Code's terminal panel showing agent terminals, see
 * src/vscode/terminalMirror.ts), kept free of `vscode` so it is unit-tested:
 * - a mirror is disposed when its terminal is released (by the agent, or because its session or
 *   agent ended), and at most MAX_TERMINAL_MIRRORS live at once (the oldest goes first);
 * - the command is echoed with its control characters made visible (`\x1b`, `\u202e`…): an agent
 *   can't clear the screen, move the cursor, retitle the terminal or reorder text with bidi
 *   controls to make the user see another command than the one that runs.
 * - the program's output keeps what draws on its own line (colours, `\r`, erase-in-line, moves
 *   along the line) and loses what could reach above it (cursor up or to a position, clearing the
 *   screen, the alternate screen, scroll regions, OSC such as titles or the clipboard, DCS): the
 *   echoed command stays on screen as it was. Multi-line progress displays print line by line.
 */

export const MAX_TERMINAL_MIRRORS = 20;

/** One mirror as the UI shows it; `write` gets filtered text (TerminalOutputFilter). */
export interface MirrorView {
  write(text: string): void;
  dispose(): void;
}

/** Makes a mirror named `name` that shows `header` first; `closed` when the user closes it. */
export type OpenMirror = (name: string, header: string, closed: () => void) => MirrorView;

export class TerminalMirrorSet {
  /** Live mirrors by session and terminal id (keyOf), oldest first (Map order). */
  private readonly mirrors = new Map<string, { readonly view: MirrorView; readonly filter: TerminalOutputFilter }>();

  constructor(
    private readonly open: OpenMirror,
    private readonly cap = MAX_TERMINAL_MIRRORS,
  ) {}

  get size(): number {
    return this.mirrors.size;
  }

  readonly events: TerminalEvents = {
    created: (sessionId, id, command) => {
      const terminalId = keyOf(sessionId, id);
      this.drop(terminalId);
      while (this.mirrors.size >= this.cap) this.drop(this.mirrors.keys().next().value!);
      const shown = visibleCommand(command);
      const header = `\x1b[2m$ ${shown.replace(/\n/g, "\r\n  ")}\x1b[0m\r\n`;
      const view = this.open(`ACP: ${truncate(shown.replace(/\n/g, " "))}`, header, () => {
        if (this.mirrors.get(terminalId)?.view === view) this.mirrors.delete(terminalId);
      });
      this.mirrors.set(terminalId, { view, filter: new TerminalOutputFilter() });
    },
    output: (sessionId, id, chunk) => {
      const mirror = this.mirrors.get(keyOf(sessionId, id));
      mirror?.view.write(mirror.filter.feed(chunk).replace(/\r?\n/g, "\r\n"));
    },
    exited: (sessionId, id, exit) => {
      const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.exitCode ?? "?"}`;
      this.mirrors.get(keyOf(sessionId, id))?.view.write(`\x1b[0m\r\n\x1b[2m[${how}]\x1b[0m\r\n`);
    },
    released: (sessionId, id) => this.drop(keyOf(sessionId, id)),
  };

  dispose(): void {
    for (const id of [...this.mirrors.keys()]) this.drop(id);
  }

  private drop(terminalId: string): void {
    const mirror = this.mirrors.get(terminalId);
    if (!mirror) return;
    this.mirrors.delete(terminalId);
    mirror.view.dispose();
  }
}

/**
 * `command` with every control character but newline and tab (C0, DEL, C1) and every bidi
 * control written out as an escape (`\x1b`, `\u202e`), so it displays as the text it is.
 */
export function visibleCommand(command: string): string {
  return command.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** Terminal ids are per agent connection (`term-1` in each): a mirror is keyed by its session too. */
function keyOf(sessionId: string, terminalId: string): string {
  return `${sessionId}\u0000${terminalId}`;
}

/** CSI finals kept: SGR (colours), erase in line, cursor to a column or along the line. */
const KEPT_CSI = new Set(["m", "K", "G", "C", "D"]);
/** Longest unfinished escape sequence held for the next chunk; longer is dropped. */
const MAX_PENDING = 4096;

/**
 * Filters one terminal's output stream, chunk by chunk (a sequence may be split between chunks):
 * keeps text, tab, newline, `\r`, backspace and the CSI sequences of KEPT_CSI; drops every other
 * escape sequence (CSI with other finals or private parameters, OSC, DCS/SOS/PM/APC, two- and
 * three-byte ESC sequences), C1 controls and the other C0 controls.
 */
export class TerminalOutputFilter {
  private pending = "";

  feed(chunk: string): string {
    const text = this.pending + chunk;
    this.pending = "";
    const ends = new ForwardSearch(text);
    let out = "";
    let index = 0;
    while (index < text.length) {
      const next = text.slice(index).search(/[\x00-\x07\x0b\x0c\x0e-\x1f\x7f-\x9f]/);
      if (next < 0) {
        out += text.slice(index);
        break;
      }
      out += text.slice(index, index + next);
      index += next;
      const code = text.charCodeAt(index);
      // An 8-bit introducer (CSI, OSC, DCS…) is read as its ESC form, and never kept.
      const introducer =
        code === 0x9b || code === 0x9d || code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f;
      if (code !== 0x1b && !introducer) {
        index++; // a lone C0 or C1 control (BEL, SO, IND…): dropped
        continue;
      }
      const sequence = escapeSequence(text, index, ends);
      if (sequence === undefined && text.length - index <= MAX_PENDING) {
        this.pending = text.slice(index); // unfinished: wait for the rest
        break;
      }
      if (sequence === undefined) {
        index++; // too long to be a real one: drop the introducer, keep the text
        continue;
      }
      if (sequence.keep) out += text.slice(index, sequence.end);
      index = sequence.end;
    }
    return out;
  }
}

/**
 * `indexOf` for searches that only move forward through one text: a search from a later start
 * reuses the last answer when it still holds, so thousands of unterminated OSC/DCS introducers in
 * one chunk cost one scan for their terminator, not one scan each (that was quadratic: 64 KiB of
 * `ESC ]` held the extension host for about 23 s).
 */
class ForwardSearch {
  private readonly last = new Map<string, { readonly from: number; readonly at: number }>();
  constructor(private readonly text: string) {}

  next(needle: string, from: number): number {
    const seen = this.last.get(needle);
    // Nothing between seen.from and seen.at, so nothing between `from` and it either.
    if (seen && seen.from <= from && (seen.at < 0 || seen.at >= from)) return seen.at;
    const at = this.text.indexOf(needle, from);
    this.last.set(needle, { from, at });
    return at;
  }
}

/**
 * The escape sequence at `start` (an ESC, or an 8-bit introducer, which is never kept): where it
 * ends and whether it is kept; undefined if unfinished.
 */
function escapeSequence(text: string, start: number, ends: ForwardSearch): { end: number; keep: boolean } | undefined {
  const code = text.charCodeAt(start);
  const eightBit = code !== 0x1b;
  const kind = eightBit ? String.fromCharCode(code - 0x40) : text[start + 1];
  const body = start + (eightBit ? 1 : 2);
  if (kind === undefined) return undefined;
  if (kind === "[") {
    const rest = text.slice(body);
    const csi = /^([\x30-\x3f]*)[\x20-\x2f]*([\x40-\x7e])/.exec(rest);
    if (!csi) return /^[\x20-\x3f]*$/.test(rest) ? undefined : { end: body, keep: false };
    const privateParams = /^[<=>?]/.test(csi[1]!);
    return { end: body + csi[0].length, keep: !eightBit && !privateParams && KEPT_CSI.has(csi[2]!) };
  }
  if ("]PX^_".includes(kind)) {
    // OSC ends with BEL or ST (ESC \); DCS, SOS, PM and APC with ST.
    const bel = kind === "]" ? ends.next("\x07", body) : -1;
    const st = ends.next("\x1b\\", body);
    const st8 = ends.next("\x9c", body);
    const found = [bel, st, st8].filter((at) => at >= 0);
    if (found.length === 0) return undefined;
    const at = Math.min(...found);
    return { end: at + (at === st ? 2 : 1), keep: false };
  }
  // ESC, intermediates, a final: `ESC 7`, `ESC M`, `ESC ( B`…
  const short = /^\x1b[\x20-\x2f]*[\x30-\x7e]/.exec(text.slice(start));
  if (!short) return /^\x1b[\x20-\x2f]*$/.test(text.slice(start)) ? undefined : { end: start + 1, keep: false };
  return { end: start + short[0].length, keep: false };
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
