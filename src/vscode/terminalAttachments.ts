/**
 * The terminal as prompt context: its selection (`terminal/context` menu), or the last command it
 * ran with that command's output, read through shell integration. Both APIs came after the
 * `@types/vscode` this extension builds against (1.90): they are feature-detected here, and a VS
 * Code without them, or a shell without integration, gets a message instead.
 *
 * A command's output can only be read from its start (`execution.read()` yields what is written
 * after the first call), so the log starts reading each execution as it starts. It is created with
 * the host, so commands that ran before the panel first opened are not known.
 */
import * as vscode from "vscode";
import type { Attachment } from "../shared/wire/protocol";
import { terminalUri } from "../shared/wire/attachmentSource";
import { MAX_TERMINAL_CHARS, TailBuffer, terminalPlainText } from "../acp/context/terminalText";

/** The shell-integration API (stable since VS Code 1.93), as far as it is used here. */
interface ShellExecution {
  readonly commandLine: { readonly value: string };
  read(): AsyncIterable<string>;
}
interface ShellExecutionEvent {
  readonly terminal: vscode.Terminal;
  readonly execution: ShellExecution;
  readonly exitCode?: number | undefined;
}
interface ShellIntegrationWindow {
  readonly onDidStartTerminalShellExecution?: vscode.Event<ShellExecutionEvent>;
  readonly onDidEndTerminalShellExecution?: vscode.Event<ShellExecutionEvent>;
}

interface CommandRecord {
  readonly terminal: vscode.Terminal;
  readonly commandLine: string;
  readonly output: TailBuffer;
  done: boolean;
  exitCode?: number | undefined;
  /** Settles when the output stream has ended (it ends with the execution, sometimes after its end event). */
  reading?: Promise<void>;
}

/** How long an ended command's output stream may still take to deliver its last data. */
const OUTPUT_SETTLE_MS = 2000;

export class TerminalCommandLog implements vscode.Disposable {
  private readonly last = new Map<vscode.Terminal, CommandRecord>();
  private readonly running = new Map<ShellExecution, CommandRecord>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** A number per terminal for its attachments' URIs: names repeat ("bash", "bash"), terminals don't. */
  private readonly ids = new WeakMap<vscode.Terminal, number>();
  private nextId = 0;
  readonly supported: boolean;

  constructor() {
    const events = vscode.window as unknown as ShellIntegrationWindow;
    this.supported = events.onDidStartTerminalShellExecution !== undefined;
    if (events.onDidStartTerminalShellExecution)
      this.subscriptions.push(events.onDidStartTerminalShellExecution((event) => this.started(event)));
    if (events.onDidEndTerminalShellExecution)
      this.subscriptions.push(events.onDidEndTerminalShellExecution((event) => this.ended(event)));
    this.subscriptions.push(vscode.window.onDidCloseTerminal((terminal) => this.closed(terminal)));
  }

  /** This terminal's number, the same for as long as it lives. */
  idOf(terminal: vscode.Terminal): number {
    let id = this.ids.get(terminal);
    if (id === undefined) this.ids.set(terminal, (id = ++this.nextId));
    return id;
  }

  // A closed terminal's running commands never get their end event: drop them with it.
  private closed(terminal: vscode.Terminal): void {
    this.last.delete(terminal);
    for (const [execution, record] of this.running) if (record.terminal === terminal) this.running.delete(execution);
  }

  private started({ terminal, execution }: ShellExecutionEvent): void {
    const record: CommandRecord = {
      terminal,
      commandLine: execution.commandLine.value,
      output: new TailBuffer(),
      done: false,
    };
    this.running.set(execution, record);
    this.last.set(terminal, record);
    record.reading = (async () => {
      try {
        for await (const chunk of execution.read()) record.output.append(chunk);
      } catch {
        // The terminal closed while reading: keep what arrived.
      }
    })();
  }

  private ended({ execution, exitCode }: ShellExecutionEvent): void {
    const record = this.running.get(execution);
    this.running.delete(execution);
    if (!record) return;
    record.done = true;
    record.exitCode = exitCode;
  }

  /** The terminal's last finished (or still running) command with its output so far. */
  async lastCommand(terminal: vscode.Terminal): Promise<Attachment | undefined> {
    const record = this.last.get(terminal);
    if (!record) return undefined;
    // VS Code can fire the end event before the stream has handed over the last output.
    if (record.done && record.reading) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([record.reading, new Promise((resolve) => (timer = setTimeout(resolve, OUTPUT_SETTLE_MS)))]);
      clearTimeout(timer);
    }
    const output = terminalPlainText(record.output.text());
    const status = !record.done
      ? vscode.l10n.t("(still running)")
      : record.exitCode === undefined
        ? ""
        : vscode.l10n.t("(exit code {0})", record.exitCode);
    const cut = record.output.cut ? `${vscode.l10n.t("[earlier output cut]")}\n` : "";
    // Truthful, not empty: some VS Code builds (code-server 1.139 in the e2e) end the stream without any data.
    const none =
      record.done && record.output.empty ? `${vscode.l10n.t("[no output received from the terminal]")}\n` : "";
    return {
      uri: terminalUri(this.idOf(terminal), "last-command"),
      name: vscode.l10n.t("{0}: {1}", terminal.name, record.commandLine.slice(0, 60)),
      mimeType: "text/plain",
      text: `$ ${record.commandLine}${status ? ` ${status}` : ""}\n${cut}${none}${output}`,
    };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/** The terminal's selection (the `selection` property is stable since VS Code 1.93). */
export function terminalSelection(terminal: vscode.Terminal, log: TerminalCommandLog): Attachment | undefined {
  const selection = (terminal as { readonly selection?: string | undefined }).selection;
  if (!selection) return undefined;
  return {
    uri: terminalUri(log.idOf(terminal), "selection"),
    name: vscode.l10n.t("{0}: selection", terminal.name),
    mimeType: "text/plain",
    text: terminalPlainText(selection.length > MAX_TERMINAL_CHARS ? selection.slice(-MAX_TERMINAL_CHARS) : selection),
  };
}
