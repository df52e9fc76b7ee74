/**
 * Turn scenarios replaying real third-party agent habits (docs/reference/fake-agent-scenarios.md, quirks table Q1–Q16;
 * details in docs/reference/real-agents-offline.md). Session-level quirks (Q1 early updates, Q10 no exit on
 * EOF, Q12 modes, Q15 replay) belong to the `quirks` profile instead.
 */
import { randomUUID } from "node:crypto";
import type { Scenario } from "./scenarios";

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });
const textContent = (value: string) => [{ type: "content", content: text(value) }];

/** gemini's ids (Q7): choose by kind, never by id. */
const geminiOptions = [
  { optionId: "proceed_once", name: "Allow once", kind: "allow_once" },
  { optionId: "proceed_always", name: "Always allow", kind: "allow_always" },
  { optionId: "cancel", name: "Deny", kind: "reject_once" },
];
const codexOptions = [
  { optionId: "approved", name: "Approve", kind: "allow_once" },
  { optionId: "approved-execpolicy-amendment", name: "Approve and remember", kind: "allow_always" },
  { optionId: "abort", name: "Abort", kind: "reject_once" },
];

function describeOutcome(answer: unknown): string {
  const outcome = (answer as { outcome?: { outcome?: string; optionId?: string } } | undefined)?.outcome;
  return outcome?.outcome === "selected" ? `selected ${outcome.optionId}` : String(outcome?.outcome);
}

export const quirkScenarios: Record<string, Scenario> = {
  /** Q2 (claude-code-acp): the same id announced twice as `tool_call`, generic then real. */
  async "q2-dup-tool"(turn) {
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "dup",
      title: "Bash",
      kind: "execute",
      status: "pending",
      rawInput: {},
    });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "dup",
      title: "ls -la",
      kind: "execute",
      status: "pending",
      rawInput: { command: "ls -la" },
    });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "dup",
      status: "completed",
      content: textContent("```console\ntotal 0\n```"),
    });
    return "end_turn";
  },

  /** Q3 (gemini-cli): permission for a tool call never announced, then only updates for it. */
  async "q3-permission-first"(turn) {
    const answer = await turn.request("session/request_permission", {
      toolCall: { toolCallId: "perm-1", title: "WriteFile notes.txt", kind: "edit", status: "pending" },
      options: geminiOptions,
    });
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: "perm-1", status: "in_progress" });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "perm-1",
      status: "completed",
      content: textContent("wrote notes.txt"),
    });
    turn.update(chunk(`Permission: ${describeOutcome(answer)}.`));
    return "end_turn";
  },

  /** Q4 (codex-acp): agent → client requests with string (UUID) ids. */
  async "q4-string-ids"(turn) {
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "exec-1",
      title: "rm -rf build",
      kind: "execute",
      status: "pending",
    });
    const answer = await turn.request(
      "session/request_permission",
      { toolCall: { toolCallId: "exec-1" }, options: codexOptions },
      randomUUID(),
    );
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: "exec-1", status: "completed" });
    turn.update(chunk(`Permission: ${describeOutcome(answer)}.`));
    return "end_turn";
  },

  /** Q8 (codex): a rejected (or cancelled) permission ends the turn with `cancelled`. */
  async "q8-reject"(turn) {
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "exec-2",
      title: "git push",
      kind: "execute",
      status: "pending",
    });
    const answer = await turn.request("session/request_permission", {
      toolCall: { toolCallId: "exec-2" },
      options: codexOptions,
    });
    if (describeOutcome(answer) === "selected approved") {
      turn.update({ sessionUpdate: "tool_call_update", toolCallId: "exec-2", status: "completed" });
      return "end_turn";
    }
    return "cancelled";
  },

  /** Q9: rejected tools reported as `failed`, with the agent's own text (claude, copilot). */
  async "q9-refused"(turn) {
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "claude-1",
      title: "Write",
      kind: "edit",
      status: "pending",
    });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "claude-1",
      status: "failed",
      content: textContent("User refused permission to run tool"),
    });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "copilot-1",
      title: "shell",
      kind: "execute",
      status: "pending",
    });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "copilot-1",
      status: "failed",
      rawOutput: { message: "The user rejected this tool call.", code: "rejected" },
      content: textContent("The user rejected this tool call."),
    });
    return "end_turn";
  },

  /** Q11: diff content with `oldText` null, "", omitted, extra `_meta`; a unified diff as rawOutput. */
  async "q11-diffs"(turn) {
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "edit-1",
      title: "Edit files",
      kind: "edit",
      status: "completed",
      content: [
        { type: "diff", path: "/w/new.txt", oldText: null, newText: "new\n" },
        { type: "diff", path: "/w/empty.txt", oldText: "", newText: "filled\n" },
        { type: "diff", path: "/w/unknown.txt", newText: "whole\n", _meta: { kind: "modify" } },
      ],
      locations: [{ path: "/w/new.txt", line: 1 }],
    });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "edit-2",
      title: "apply_patch",
      kind: "edit",
      status: "completed",
      rawOutput: "--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-old\n+new\n",
    });
    return "end_turn";
  },

  /** Q13: usage as `usage_update` with cost, `PromptResponse.usage`, and gemini's `_meta.quota`. */
  async "q13-usage"(turn) {
    turn.update({ sessionUpdate: "usage_update", used: 1200, size: 200000, cost: { amount: 0.0123, currency: "USD" } });
    turn.update(chunk("Counted."));
    return {
      stopReason: "end_turn",
      usage: { totalTokens: 30, inputTokens: 20, outputTokens: 10, cachedReadTokens: 5 },
      _meta: { quota: { token_count: { input_tokens: 20, output_tokens: 10 }, model_usage: [] } },
    };
  },

  /** Q14: a plan of medium priorities (claude); opencode's todo tool is a `tool_call` of kind other. */
  async "q14-plan"(turn) {
    turn.update({
      sessionUpdate: "plan",
      entries: [
        { content: "Read the code", priority: "medium", status: "completed" },
        { content: "Write the fix", priority: "medium", status: "in_progress" },
      ],
    });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "todo-1",
      title: "todowrite",
      kind: "other",
      status: "completed",
      rawInput: { todos: [{ content: "Write the fix" }] },
    });
    return "end_turn";
  },

  /** Q16: unknown `_meta` everywhere, fenced console output, and a title on the first prompt. */
  async "q16-meta"(turn) {
    turn.update({ sessionUpdate: "session_info_update", title: "Quirky session", updatedAt: "2026-08-21T10:15:30Z" });
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "bash-1",
      title: "ls",
      kind: "execute",
      status: "in_progress",
      _meta: { claudeCode: { toolName: "Bash" } },
    });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "bash-1",
      status: "completed",
      content: textContent("```console\n$ ls\nREADME.md\n```"),
      _meta: { claudeCode: { toolResponse: { stdout: "README.md\n", stderr: "", interrupted: false } } },
    });
    turn.update({ ...chunk("Listed."), _meta: { "codex.dev/phase": "final" } });
    return { stopReason: "end_turn", _meta: { "vendor.dev/trace": "abc" } };
  },
};
