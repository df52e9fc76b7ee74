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
import type { ThreadAction } from "../shared/threadActions";

type TerminalAction = Extract<ThreadAction, { type: `terminal/${string}` }>;

interface MetaCarrier {
  readonly sessionUpdate: string;
  readonly title?: unknown;
  readonly rawInput?: unknown;
  readonly _meta?: unknown;
}

/** What `_meta.terminal_output: true` asks for: the client renders these three keys. */
export const TERMINAL_OUTPUT_META = { terminal_output: true } as const;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const idOf = (value: unknown): string | undefined => {
  const id = record(value)?.terminal_id;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/** Per session: the terminals already announced, so a repeated `terminal_info` never clears output. */
export class ToolTerminals {
  private readonly known = new Set<string>();

  /** The terminal actions an update carries, in order: created, output, exited. */
  actionsOf(update: MetaCarrier): TerminalAction[] {
    if (update.sessionUpdate !== "tool_call" && update.sessionUpdate !== "tool_call_update") return [];
    const meta = record(update._meta);
    if (!meta || !("terminal_info" in meta || "terminal_output" in meta || "terminal_exit" in meta)) return [];
    const actions: TerminalAction[] = [];
    const announce = (terminalId: string) => {
      if (this.known.has(terminalId)) return;
      this.known.add(terminalId);
      actions.push({ type: "terminal/created", terminalId, command: commandOf(update) });
    };
    const info = idOf(meta.terminal_info);
    if (info) announce(info);
    const output = record(meta.terminal_output);
    const outputId = idOf(output);
    if (outputId && typeof output?.data === "string") {
      announce(outputId);
      if (output.data !== "") actions.push({ type: "terminal/output", terminalId: outputId, chunk: output.data });
    }
    const exit = record(meta.terminal_exit);
    const exitId = idOf(exit);
    if (exitId) {
      announce(exitId);
      const exitCode = typeof exit?.exit_code === "number" ? exit.exit_code : null;
      const signal = typeof exit?.signal === "string" ? exit.signal : null;
      actions.push({ type: "terminal/exited", terminalId: exitId, exitCode, signal });
    }
    return actions;
  }
}

/** The command line, from the raw input (`{command}`) or else the title the agent gave the call. */
function commandOf(update: MetaCarrier): string {
  const command = record(update.rawInput)?.command;
  if (typeof command === "string") return command;
  return typeof update.title === "string" ? update.title : "";
}
