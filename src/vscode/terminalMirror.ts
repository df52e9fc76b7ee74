/**
 * Shows each agent terminal in VS Code's terminal panel as a read-only pseudoterminal, named
 * after the command, fed live from the TerminalManager's events. The process itself runs in the
 * extension host; closing the mirror does not kill it.
 */
import * as vscode from "vscode";
import type { TerminalEvents } from "../acp/client/terminalManager";

interface Mirror {
  readonly terminal: vscode.Terminal;
  readonly write: vscode.EventEmitter<string>;
  opened: boolean;
  backlog: string;
}

export class TerminalMirror implements vscode.Disposable {
  private readonly mirrors = new Map<string, Mirror>();

  readonly events: TerminalEvents = {
    created: (_sessionId, terminalId, command) => {
      const write = new vscode.EventEmitter<string>();
      const mirror: Mirror = { terminal: undefined as unknown as vscode.Terminal, write, opened: false, backlog: "" };
      const pty: vscode.Pseudoterminal = {
        onDidWrite: write.event,
        open: () => {
          mirror.opened = true;
          write.fire(`\x1b[2m$ ${command}\x1b[0m\r\n${mirror.backlog}`);
          mirror.backlog = "";
        },
        close: () => this.mirrors.delete(terminalId),
      };
      (mirror as { terminal: vscode.Terminal }).terminal = vscode.window.createTerminal({
        name: `ACP: ${truncate(command)}`,
        pty,
        isTransient: true,
      });
      this.mirrors.set(terminalId, mirror);
    },
    output: (_sessionId, terminalId, chunk) => {
      const mirror = this.mirrors.get(terminalId);
      if (!mirror) return;
      const text = chunk.replace(/\r?\n/g, "\r\n");
      if (mirror.opened) mirror.write.fire(text);
      else mirror.backlog = (mirror.backlog + text).slice(-256 * 1024);
    },
    exited: (_sessionId, terminalId, exit) => {
      const mirror = this.mirrors.get(terminalId);
      const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.exitCode ?? "?"}`;
      if (mirror?.opened) mirror.write.fire(`\r\n\x1b[2m[${how}]\x1b[0m\r\n`);
    },
  };

  dispose(): void {
    for (const mirror of this.mirrors.values()) mirror.write.dispose();
    this.mirrors.clear();
  }
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
