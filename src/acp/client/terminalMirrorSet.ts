/**
 * The bookkeeping of terminal mirrors (VS Code's terminal panel showing agent terminals, see
 * src/vscode/terminalMirror.ts), kept free of `vscode` so it is unit-tested:
 * - a mirror is disposed when its terminal is released (by the agent, or because its session or
 *   agent ended), and at most MAX_TERMINAL_MIRRORS live at once (the oldest goes first);
 * - the command is echoed with its control characters made visible (`\x1b`, `\u202e`…): an agent
 *   can't clear the screen, move the cursor, retitle the terminal or reorder text with bidi
 *   controls to make the user see another command than the one that runs.
 * Output is the program's own and passes as it is (colours and progress bars work).
 */
import type { TerminalEvents } from "./terminalManager";

export const MAX_TERMINAL_MIRRORS = 20;

/** One mirror as the UI shows it. */
export interface MirrorView {
  write(text: string): void;
  dispose(): void;
}

/** Makes a mirror named `name` that shows `header` first; `closed` when the user closes it. */
export type OpenMirror = (name: string, header: string, closed: () => void) => MirrorView;

export class TerminalMirrorSet {
  /** Live mirrors by terminal id, oldest first (Map order). */
  private readonly mirrors = new Map<string, MirrorView>();

  constructor(
    private readonly open: OpenMirror,
    private readonly cap = MAX_TERMINAL_MIRRORS,
  ) {}

  get size(): number {
    return this.mirrors.size;
  }

  readonly events: TerminalEvents = {
    created: (_sessionId, terminalId, command) => {
      this.drop(terminalId);
      while (this.mirrors.size >= this.cap) this.drop(this.mirrors.keys().next().value!);
      const shown = visibleCommand(command);
      const header = `\x1b[2m$ ${shown.replace(/\n/g, "\r\n  ")}\x1b[0m\r\n`;
      const view = this.open(`ACP: ${truncate(shown.replace(/\n/g, " "))}`, header, () => {
        if (this.mirrors.get(terminalId) === view) this.mirrors.delete(terminalId);
      });
      this.mirrors.set(terminalId, view);
    },
    output: (_sessionId, terminalId, chunk) => this.mirrors.get(terminalId)?.write(chunk.replace(/\r?\n/g, "\r\n")),
    exited: (_sessionId, terminalId, exit) => {
      const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.exitCode ?? "?"}`;
      this.mirrors.get(terminalId)?.write(`\r\n\x1b[2m[${how}]\x1b[0m\r\n`);
    },
    released: (_sessionId, terminalId) => this.drop(terminalId),
  };

  dispose(): void {
    for (const id of [...this.mirrors.keys()]) this.drop(id);
  }

  private drop(terminalId: string): void {
    const view = this.mirrors.get(terminalId);
    if (!view) return;
    this.mirrors.delete(terminalId);
    view.dispose();
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

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
