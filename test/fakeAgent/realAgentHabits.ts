/**
 * Habits of real agents seen in the second round of real-agent runs (issue 16; agents and
 * versions in docs/reference/real-agents-offline.md), replayed by the fake agent:
 * - `own-write [name] [locations]`: a file written with the agent's own tool (not `fs/write_text_file`),
 *   reported by a `tool_call` (kind edit) and a completed `tool_call_update` with `diff` content,
 *   then `end_turn` at once (Copilot's apply_patch answers ~90 ms after its write);
 * - `perm-<agent>`: a permission request with the options as each agent names them (Codex with a
 *   string UUID JSON-RPC id);
 * - `gemini-shell`: a shell tool card with no content at all, the output only in the reply;
 * - `gemini-create [name]`: `fs/read_text_file` for a file about to be created (answered
 *   `-32002`), then the write through `fs/write_text_file`.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { RpcError } from "./wire";
import type { Scenario, TurnContext } from "./scenarios";

const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });

/** The options each agent offers, as recorded (ids chosen by kind, names shown as sent). */
export const PERMISSION_OPTIONS = {
  copilot: [
    { optionId: "allow_once", name: "Allow once", kind: "allow_once" },
    { optionId: "allow_always", name: "Always allow", kind: "allow_always" },
    { optionId: "reject_once", name: "Deny", kind: "reject_once" },
  ],
  codex: [
    { optionId: "approved", name: "Yes, proceed", kind: "allow_once" },
    {
      optionId: "approved-execpolicy-amendment",
      name: "Yes, and don't ask again for commands that start with `npm test`",
      kind: "allow_always",
    },
    { optionId: "abort", name: "No, and tell Codex what to do differently", kind: "reject_once" },
  ],
  gemini: [
    { optionId: "proceed_always", name: "Always Allow npm", kind: "allow_always" },
    { optionId: "proceed_once", name: "Allow", kind: "allow_once" },
    { optionId: "cancel", name: "Reject", kind: "reject_once" },
  ],
  opencode: [
    { optionId: "once", name: "Allow once", kind: "allow_once" },
    { optionId: "always", name: "Always allow", kind: "allow_always" },
    { optionId: "reject", name: "Reject", kind: "reject_once" },
  ],
} as const;

type AgentName = keyof typeof PERMISSION_OPTIONS;

/** The file a scenario writes: a plain name in the session's cwd (never a path from the prompt). */
const fileIn = (turn: TurnContext, fallback: string) => join(turn.cwd, basename(turn.args[0] ?? fallback));

function outcomeText(answer: unknown): string {
  const outcome = (answer as { outcome?: { outcome?: string; optionId?: string } } | undefined)?.outcome;
  return outcome?.outcome === "selected" ? `selected ${outcome.optionId}` : String(outcome?.outcome);
}

function permissionScenario(agent: AgentName): Scenario {
  return async (turn) => {
    const toolCallId = `${agent}-run-1`;
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: "npm test",
      kind: "execute",
      status: "pending",
      rawInput: { command: "npm test" },
    });
    // Codex sends its requests with string (UUID) ids; the others count from 0.
    const id = agent === "codex" ? randomUUID() : undefined;
    const answer = await turn.request(
      "session/request_permission",
      { toolCall: { toolCallId, title: "npm test", kind: "execute" }, options: PERMISSION_OPTIONS[agent] },
      id,
    );
    const chosen = outcomeText(answer);
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: chosen.startsWith("selected") && !/abort|cancel|reject/.test(chosen) ? "completed" : "failed",
    });
    turn.update(chunk(`${agent} permission: ${chosen}.`));
    return "end_turn";
  };
}

export const realAgentHabits: Record<string, Scenario> = {
  async "own-write"(turn) {
    const path = fileIn(turn, "own-1.txt");
    const content = `written by the agent's own tool: ${basename(path)}\n`;
    const patch = `*** Begin Patch\n*** Add File: ${path}\n+${content.trimEnd()}\n*** End Patch\n`;
    const toolCallId = `apply-patch-${basename(path)}`;
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: "apply_patch",
      kind: "edit",
      status: "in_progress",
      rawInput: { input: patch },
    });
    writeFileSync(path, content);
    // `own-write <name> locations`: reported by `locations` only, no diff (as some agents do).
    const report =
      turn.args[1] === "locations"
        ? { locations: [{ path, line: 1 }] }
        : { content: [{ type: "diff", path, oldText: "", newText: content }] };
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", ...report });
    turn.update(chunk(`Created ${basename(path)}.`));
    return "end_turn";
  },

  "perm-copilot": permissionScenario("copilot"),
  "perm-codex": permissionScenario("codex"),
  "perm-gemini": permissionScenario("gemini"),
  "perm-opencode": permissionScenario("opencode"),

  async "gemini-shell"(turn) {
    const toolCallId = "run_shell_command-1";
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: "echo hi (Print a greeting)",
      kind: "execute",
      status: "in_progress",
      content: [],
      locations: [],
    });
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", content: [] });
    turn.update(chunk("The command printed `hi`."));
    return "end_turn";
  },

  async "gemini-create"(turn) {
    const path = fileIn(turn, "gemini-new.txt");
    const toolCallId = "write_file-1";
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: `WriteFile ${basename(path)}`,
      kind: "edit",
      status: "pending",
      locations: [{ path }],
    });
    let existed = "exists";
    try {
      await turn.request("fs/read_text_file", { path });
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      existed = `${error.code} ${error.message}`;
    }
    const content = "created by gemini\n";
    await turn.request("fs/write_text_file", { path, content });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: "completed",
      content: [{ type: "diff", path, oldText: "", newText: content, _meta: { kind: "add" } }],
    });
    turn.update(chunk(`Read before create: ${existed}. Created ${basename(path)}.`));
    return "end_turn";
  },
};
