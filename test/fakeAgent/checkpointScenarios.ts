/**
 * Changes an agent makes with its own tools, as real agents do them (never `fs/write_text_file`),
 * for the checkpoint review (issue 25):
 * - `own-append <name> <text…>`: appends a line to a file with its own edit tool (Claude's Write,
 *   Codex's apply_patch, `sed -i`), reported by an edit call's `locations` (no diff, no oldText);
 * - `own-shell <rm:name | create:name | write:name>…`: a shell tool call (kind execute) that
 *   removes, creates or rewrites files and reports no paths at all (as `rm`, `touch`, `>` do);
 * - `own-binary <name>`: rewrites a binary file with its own tool, reported by `locations`.
 * - `own-lines <name> <n=text>…`: replaces line n (1-based) of a file with its own edit tool, as
 *   apply_patch does: several lines apart make several hunks.
 * Paths are relative to the session's cwd.
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Scenario } from "./scenarios";

const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });

export const checkpointScenarios: Record<string, Scenario> = {
  async "own-append"(turn) {
    const [name = "notes.md", ...words] = turn.args;
    const path = join(turn.cwd, name);
    const toolCallId = `own-append-${name}-${Date.now()}`;
    turn.update({ sessionUpdate: "tool_call", toolCallId, title: `Edit ${name}`, kind: "edit", status: "in_progress" });
    appendFileSync(path, `${words.join(" ") || "a line from the agent"}\n`);
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", locations: [{ path }] });
    turn.update(chunk(`Edited ${name}.`));
    return "end_turn";
  },

  async "own-lines"(turn) {
    const [name = "notes.md", ...edits] = turn.args;
    const path = join(turn.cwd, name);
    const toolCallId = `own-lines-${name}-${Date.now()}`;
    turn.update({ sessionUpdate: "tool_call", toolCallId, title: `Edit ${name}`, kind: "edit", status: "in_progress" });
    const lines = readFileSync(path, "utf8").split("\n");
    for (const edit of edits) {
      const [at = "", ...text] = edit.split("=");
      lines[Number(at) - 1] = text.join("=").replace(/_/g, " ");
    }
    writeFileSync(path, lines.join("\n"));
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", locations: [{ path }] });
    turn.update(chunk(`Edited ${name}.`));
    return "end_turn";
  },

  async "own-shell"(turn) {
    const toolCallId = `own-shell-${Date.now()}`;
    const command = turn.args.join(" ");
    turn.update({ sessionUpdate: "tool_call", toolCallId, title: command, kind: "execute", status: "in_progress" });
    for (const step of turn.args) {
      const [verb, name = ""] = step.split(":");
      const path = join(turn.cwd, name);
      if (verb === "rm") rmSync(path, { force: true });
      else if (verb === "create") writeFileSync(path, `created by a shell command: ${name}\n`);
      else if (verb === "write") writeFileSync(path, `rewritten by a shell command: ${name}\n`);
    }
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
    turn.update(chunk(`Ran ${command}.`));
    return "end_turn";
  },

  async "own-binary"(turn) {
    const name = turn.args[0] ?? "image.bin";
    const path = join(turn.cwd, name);
    const toolCallId = `own-binary-${name}-${Date.now()}`;
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: `Write ${name}`,
      kind: "edit",
      status: "in_progress",
    });
    writeFileSync(path, Buffer.from([0, 159, 146, 150, 0, 1, 2, 3]));
    turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed", locations: [{ path }] });
    turn.update(chunk(`Wrote ${name}.`));
    return "end_turn";
  },
};
