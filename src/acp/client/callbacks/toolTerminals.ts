/**
 * An agent's own shell output, shown live in its tool card (issue 18 §3). Agents that run their
 * shell themselves (claude-agent-acp 0.23, codex-acp) stream it when the client advertises
 * `clientCapabilities._meta.terminal_output`, as Zed does, through `_meta` on tool call updates:
 *
 *   tool_call         `_meta.terminal_info   {terminal_id}`              (content `[{type:"terminal", terminalId}]`)
 *   tool_call_update  `_meta.terminal_output {terminal_id, data}`        (appended; may come more than once)
 *   tool_call_update  `_meta.terminal_exit   {terminal_id, exit_code, signal}` (with the final status)
 *
 * They become the same `terminal/*` thread actions as `terminal/create` output, so the card's
 * embedded terminal view renders both. Anything of another shape is ignored.
 */
import type { ThreadAction } from "../../../shared/thread/threadActions";

type TerminalAction = Extract<ThreadAction, { type: `terminal/${string}` }>;

interface MetaCarrier {
  readonly sessionUpdate: string;
  readonly toolCallId?: unknown;
  readonly rawInput?: unknown;
  readonly _meta?: unknown;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const idOf = (value: unknown): string | undefined => {
  const id = record(value)?.terminal_id;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/**
 * Per session: the terminals announced so far. A repeated `terminal_info` never clears output;
 * claude-agent-acp's first `tool_call` (streamed from the model) has no input yet and the title
 * "Terminal", so the command line is taken again from a later update of the same call while the
 * terminal has no output.
 */
export class ToolTerminals {
  private readonly known = new Map<string, { toolCallId: unknown; command: string; started: boolean }>();

  /** The terminal actions an update carries, in order: created, output, exited. */
  actionsOf(update: MetaCarrier): TerminalAction[] {
    if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return [];
    const actions: TerminalAction[] = [];
    const command = commandOf(update);
    const announce = (terminalId: string) => {
      const known = this.known.get(terminalId);
      if (known) return known;
      const fresh = { toolCallId: update.toolCallId, command: command ?? "", started: false };
      this.known.set(terminalId, fresh);
      actions.push({ type: "terminal/created", terminalId, command: fresh.command });
      return fresh;
    };
    const meta = record(update._meta);
    if (command !== undefined) this.renamed(update.toolCallId, command, actions);
    if (!meta || !("terminal_info" in meta || "terminal_output" in meta || "terminal_exit" in meta)) return actions;
    const info = idOf(meta.terminal_info);
    if (info) announce(info);
    const output = record(meta.terminal_output);
    const outputId = idOf(output);
    if (outputId && typeof output?.data === "string") {
      announce(outputId).started = true;
      if (output.data !== "") actions.push({ type: "terminal/output", terminalId: outputId, chunk: output.data });
    }
    const exit = record(meta.terminal_exit);
    const exitId = idOf(exit);
    if (exitId) {
      announce(exitId).started = true;
      const exitCode = typeof exit?.exit_code === "number" ? exit.exit_code : null;
      const signal = typeof exit?.signal === "string" ? exit.signal : null;
      actions.push({ type: "terminal/exited", terminalId: exitId, exitCode, signal });
    }
    return actions;
  }

  /** A later update of the call names its command: re-announce a terminal that has shown nothing yet. */
  private renamed(toolCallId: unknown, command: string, actions: TerminalAction[]): void {
    if (toolCallId === undefined) return;
    for (const [terminalId, known] of this.known) {
      if (known.toolCallId !== toolCallId || known.started || known.command === command) continue;
      known.command = command;
      actions.push({ type: "terminal/created", terminalId, command });
    }
  }
}

/** The command line, from the raw input (`{command}`); `undefined` when the update has none. */
function commandOf(update: MetaCarrier): string | undefined {
  const command = record(update.rawInput)?.command;
  return typeof command === "string" && command !== "" ? command : undefined;
}
