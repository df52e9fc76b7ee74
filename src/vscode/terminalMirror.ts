/**
 * Shows each agent terminal in VS Code's terminal panel as a read-only pseudoterminal, named
 * after the command, fed live from the TerminalManager's events. The process itself runs in the
 * extension host; closing the mirror does not kill it. Which mirrors live, their cap, their
 * disposal on release and the cleaned-up command echo are TerminalMirrorSet's (node, tested).
 */
import * as vscode from "vscode";
import { TerminalMirrorSet, type MirrorView } from "../acp/client/callbacks/terminalMirrorSet";
import type { TerminalEvents } from "../acp/ports";

/** Output kept for a mirror whose terminal tab has not been opened yet. */
const MAX_BACKLOG = 256 * 1024;

export class TerminalMirror implements vscode.Disposable {
  private readonly set = new TerminalMirrorSet((name, header, closed) => openMirror(name, header, closed));
  readonly events: TerminalEvents = this.set.events;

  dispose(): void {
    this.set.dispose();
  }
}

function openMirror(name: string, header: string, closed: () => void): MirrorView {
  const write = new vscode.EventEmitter<string>();
  let opened = false;
  let backlog = header;
  const pty: vscode.Pseudoterminal = {
    onDidWrite: write.event,
    open: () => {
      opened = true;
      write.fire(backlog);
      backlog = "";
    },
    close: closed,
  };
  const terminal = vscode.window.createTerminal({ name, pty, isTransient: true });
  return {
    write: (text) => {
      if (opened) write.fire(text);
      else backlog = header + (backlog.slice(header.length) + text).slice(-MAX_BACKLOG);
    },
    dispose: () => {
      terminal.dispose();
      write.dispose();
    },
  };
}
