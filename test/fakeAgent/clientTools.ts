/**
 * Bub's client-backed tools (docs/reference/bub-and-lody.md §5, `client_tools.py`): `fs.read|write|edit` over
 * `fs/*`, `bash` over `terminal/*`, `ask_user` over `elicitation/create`, each only when the
 * client advertised the capability; otherwise Bub's local tool runs on the agent host (the tool
 * call is still streamed, with a text-only result and no client request).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { RpcError } from "./wire";
import { bubKind, bubToolResult } from "./bubTools";
import type { TurnContext } from "./scenarios";

type Caps = {
  fs?: { readTextFile?: unknown; writeTextFile?: unknown };
  terminal?: unknown;
  elicitation?: { form?: unknown } | null;
};

export function clientCaps(turn: TurnContext) {
  const caps = turn.clientCapabilities as Caps;
  return {
    read: caps.fs?.readTextFile === true,
    write: caps.fs?.writeTextFile === true,
    terminal: caps.terminal === true,
    // `elicitation: {}` or a url-only object offers no form: no `ask_user` tool.
    form: typeof caps.elicitation?.form === "object" && caps.elicitation.form !== null,
  };
}

/** Bub's tool call announcement: the title is the tool name, or the command for bash. */
export function toolCall(id: string, name: string, rawInput: Record<string, unknown>) {
  const title = name === "bash" ? String(rawInput.command) : name;
  return { sessionUpdate: "tool_call", toolCallId: id, title, kind: bubKind(name), status: "in_progress", rawInput };
}

const absolute = (turn: TurnContext, path: string) => (isAbsolute(path) ? path : resolve(turn.cwd, path));

/** `fs.read(path, offset, limit)`: `line` = offset + 1 (always ≥ 1), `limit` omitted when unlimited. */
export async function fsRead(turn: TurnContext, path: string, offset = 0, limit?: number): Promise<string> {
  const abs = absolute(turn, path);
  if (clientCaps(turn).read) {
    const result = (await turn.request("fs/read_text_file", {
      path: abs,
      line: offset + 1,
      ...(limit === undefined ? {} : { limit }),
    })) as { content: string };
    return result.content;
  }
  const lines = readFileSync(abs, "utf8").split(/(?<=\n)/);
  return lines.slice(offset, limit === undefined ? undefined : offset + limit).join("");
}

export async function fsWrite(turn: TurnContext, path: string, content: string): Promise<string> {
  const abs = absolute(turn, path);
  if (clientCaps(turn).write) await turn.request("fs/write_text_file", { path: abs, content });
  else writeFileSync(abs, content);
  return `wrote: ${abs}`;
}

/** `fs.edit`: a whole-file read (`line:1`, no limit) then a whole-file write; an unknown `old` fails before writing. */
export async function fsEdit(turn: TurnContext, path: string, old: string, replacement: string): Promise<string> {
  const abs = absolute(turn, path);
  const caps = clientCaps(turn);
  const text =
    caps.read && caps.write
      ? ((await turn.request("fs/read_text_file", { path: abs, line: 1 })) as { content: string }).content
      : readFileSync(abs, "utf8");
  if (!text.includes(old)) throw new Error(`old text not found in ${abs}`);
  const next = text.replace(old, replacement);
  if (caps.read && caps.write) await turn.request("fs/write_text_file", { path: abs, content: next });
  else writeFileSync(abs, next);
  return `edited: ${abs}`;
}

export interface BashOptions {
  readonly timeoutSeconds?: number;
  readonly background?: boolean;
  /** Attach the terminal to this tool call (step 3); Bub's observer matches by command. */
  readonly attachTo?: string;
}

export interface BashOutcome {
  /** What the model gets (and the text snapshot shows). */
  readonly text: string;
  readonly terminalId?: string;
}

/**
 * `bash(command, cwd, timeout_seconds, background)` over client terminals, the exact foreground
 * sequence of §5: create → attach (tool_call_update with terminal content) → wait_for_exit →
 * output → release. Timeout or cancellation: kill → release, no output call.
 */
export async function bash(turn: TurnContext, command: string, options: BashOptions = {}): Promise<BashOutcome> {
  if (!clientCaps(turn).terminal) return { text: runLocally(turn, command) };
  const { terminalId } = (await turn.request("terminal/create", {
    command: "bash",
    args: ["-lc", command],
    cwd: turn.cwd,
  })) as { terminalId: string };
  if (options.attachTo !== undefined) {
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: options.attachTo,
      title: command,
      status: "in_progress",
      content: [{ type: "terminal", terminalId }],
    });
  }
  if (options.background) return { text: `started: ${terminalId}`, terminalId };
  const timeoutSeconds = options.timeoutSeconds ?? 30;
  const waited = turn
    .request("terminal/wait_for_exit", { terminalId })
    .then((exit) => ({ exit: exit as { exitCode: number | null; signal: string | null } }));
  waited.catch(() => undefined);
  const outcome = await Promise.race([
    waited,
    turn.sleep(timeoutSeconds * 1000).then(() => ({ timedOut: true as const })),
    turn.whenCancelled().then(() => ({ cancelled: true as const })),
  ]);
  if (!("exit" in outcome)) {
    await turn.request("terminal/kill", { terminalId }).catch(() => undefined);
    await turn.request("terminal/release", { terminalId }).catch(() => undefined);
    if ("cancelled" in outcome) return { text: "cancelled", terminalId };
    return { text: `command timed out after ${timeoutSeconds} seconds and was terminated`, terminalId };
  }
  const output = (await turn.request("terminal/output", { terminalId })) as { output: string };
  await turn.request("terminal/release", { terminalId });
  const { exitCode, signal } = outcome.exit;
  const text = output.output.trim() || "(no output)";
  if (exitCode !== 0 || signal)
    return { text: `command exited with code ${exitCode ?? signal}\noutput:\n${text}`, terminalId };
  return { text, terminalId };
}

/** Bub's local bash (no `terminal` capability): runs on the agent host. */
function runLocally(turn: TurnContext, command: string): string {
  const result = spawnSync("bash", ["-lc", command], { cwd: turn.cwd, encoding: "utf8", timeout: 30_000 });
  const text = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() || "(no output)";
  return result.status === 0 ? text : `command exited with code ${result.status}\noutput:\n${text}`;
}

/** The whole bash tool: announcement, terminal sequence, then the text snapshot replacing the terminal (step 7). */
export async function bashTool(
  turn: TurnContext,
  id: string,
  command: string,
  options: BashOptions = {},
): Promise<BashOutcome> {
  turn.update(
    toolCall(id, "bash", {
      command,
      ...(options.background ? { background: true } : {}),
      ...(options.timeoutSeconds ? { timeout_seconds: options.timeoutSeconds } : {}),
    }),
  );
  const outcome = await bash(turn, command, { ...options, attachTo: id });
  if (outcome.text !== "cancelled") turn.update(bubToolResult(id, outcome.text, command));
  return outcome;
}

export type ElicitationAnswer =
  { action: "accept"; content?: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };

/**
 * `ask_user` → `elicitation/create`, flattened: message, mode "form", sessionId, requestedSchema.
 * `withdrawAfterMs`: the agent abandons the request (`$/cancel_request`) after that long, or when
 * the turn is cancelled; the answer is then `cancel`.
 */
export async function askUser(
  turn: TurnContext,
  message: string,
  requestedSchema: object,
  withdrawAfterMs?: number,
): Promise<ElicitationAnswer | { error: RpcError }> {
  const id = turn.allocateRequestId();
  const answer = turn.request("elicitation/create", { message, mode: "form", requestedSchema }, id).then(
    (result) => result as ElicitationAnswer,
    (error: unknown) => ({ error: error instanceof RpcError ? error : new RpcError(-32603, String(error)) }),
  );
  const abandon = [turn.whenCancelled(), ...(withdrawAfterMs === undefined ? [] : [turn.sleep(withdrawAfterMs)])];
  const winner = await Promise.race([answer, Promise.race(abandon).then(() => "abandoned" as const)]);
  if (winner !== "abandoned") return winner;
  // The newer Python SDK withdraws an abandoned request; the client must dismiss its form.
  turn.notify("$/cancel_request", { requestId: id });
  return { action: "cancel" };
}
