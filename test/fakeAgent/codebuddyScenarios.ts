/**
 * CodeBuddy turn scenarios (catalogue group G, docs/reference/bub-and-lody.md §14, docs/reference/codebuddy-offline.md): vendor
 * update kinds, the duplicated `tool_call` pattern, errors as `refusal`, team member lanes and a
 * vendor agent → client request.
 */
import type { Scenario, TurnContext, TurnResult } from "./scenarios";
import { RpcError } from "./wire";

const text = (value: string) => ({ type: "text", text: value });
const meta = (extra: Record<string, unknown> = {}) => ({ "codebuddy.ai/timestamp": 1764400000000, ...extra });
const chunk = (value: string, messageId = "msg-1", member?: string) => ({
  sessionUpdate: "agent_message_chunk",
  messageId,
  content: text(value),
  _meta: meta(member ? { "codebuddy.ai/memberEvent": member } : {}),
});
const phase = (name: string) => ({
  sessionUpdate: "session_info_update",
  _meta: meta({ "codebuddy.ai/agentPhase": { phase: name } }),
});

function result(stopReason: "end_turn" | "cancelled", outcome = "SUCCESS"): TurnResult {
  return {
    stopReason,
    userMessageId: "user-msg-1",
    _meta: { "codebuddy.ai/finishReason": "stop", "codebuddy.ai/outcome": outcome, "codebuddy.ai/traceId": "trace-1" },
  };
}

/**
 * One Read tool the way CodeBuddy 2.117.0 streams it: the internal kinds (`tool_call_pending`,
 * `tool_call_arguments_delta|_done`), a generic `tool_call` with JSON fragments as content and
 * junk keys in rawInput, then the same id again as `tool_call` (pending, real title and kind),
 * in_progress, completed: in_progress → pending → in_progress → completed.
 */
function readTool(turn: TurnContext, id: string, path: string): void {
  const args = JSON.stringify({ file_path: path });
  turn.update({ sessionUpdate: "tool_call_pending", toolCallId: id, toolName: "Read", toolCallIndex: 0 });
  turn.update({ sessionUpdate: "tool_call_arguments_delta", toolCallId: id, argumentsDelta: args.slice(0, 10) });
  turn.update({ sessionUpdate: "tool_call_arguments_done", toolCallId: id, argumentsFinal: args });
  turn.update({
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: "Read",
    kind: "other",
    status: "in_progress",
    rawInput: {},
  });
  turn.update({
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    rawInput: { '"file_path': path.slice(0, 4) },
    content: [{ type: "content", content: text(args.slice(0, 10)) }],
  });
  turn.update({
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: `Read ${path}`,
    kind: "read",
    status: "pending",
    rawInput: { file_path: path },
    locations: [{ path }],
  });
  turn.update({ sessionUpdate: "tool_call_update", toolCallId: id, status: "in_progress" });
  turn.update({
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status: "completed",
    rawOutput: { content: "hello\n" },
    content: [{ type: "content", content: text("```\nhello\n```") }],
  });
}

export const codebuddyScenarios: Record<string, Scenario> = {
  /**
   * 37: vendor kinds, the duplicated tool call, text, `session_end`, then `end_turn`.
   * Args: `error` → `refusal` with a JSON-string error message; `cancel` → waits for
   * `session/cancel` and answers `cancelled`.
   */
  async "cb-prompt"(turn) {
    const variant = turn.args[0];
    turn.update(phase("preparing"));
    turn.send({
      jsonrpc: "2.0",
      method: "_codebuddy.ai/command",
      params: { action: "workspace_info", params: { isGitWorkspace: false } },
    });
    if (variant === "error") {
      turn.update(phase("idle"));
      const errorMessage = JSON.stringify({
        code: -32603,
        message: "Internal error",
        data: {
          message: "fake error 401",
          category: "custom_model_auth",
          statusCode: 401,
          details: "401 fake error 401 (request id: r-1)",
        },
      });
      return {
        stopReason: "refusal",
        _meta: { "codebuddy.ai/errorMessage": errorMessage, "codebuddy.ai/outcome": "FAILED_MODEL_REQUEST" },
      };
    }
    turn.update({
      sessionUpdate: "agent_thought_chunk",
      messageId: "msg-1",
      content: text("Reading the file."),
      _meta: meta(),
    });
    readTool(turn, "toolu_1", `${turn.cwd}/hello.txt`);
    turn.update({
      sessionUpdate: "usage_update",
      used: 49,
      size: 176000,
      _meta: meta({ "codebuddy.ai/usage": { inputTokens: 42, outputTokens: 7 } }),
    });
    if (variant === "cancel") {
      // A Bash call waiting for permission when the user stops the turn: the client must answer it `cancelled`.
      turn.update(chunk("Waiting…", "msg-2"));
      turn.update({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_2",
        title: "`rm -rf build`",
        kind: "execute",
        status: "pending",
        rawInput: { command: "rm -rf build" },
      });
      const answer = await turn
        .request("session/request_permission", {
          toolCall: {
            toolCallId: "toolu_2",
            rawInput: { command: "rm -rf build" },
            _meta: { "codebuddy.ai/toolName": "Bash" },
          },
          options: [
            { kind: "allow_always", name: "Always Allow", optionId: "allow_always" },
            { kind: "allow_once", name: "Allow", optionId: "allow" },
            { kind: "reject_once", name: "Reject", optionId: "reject" },
          ],
        })
        .catch(() => undefined);
      const outcome = (answer as { outcome?: { outcome?: string } } | undefined)?.outcome?.outcome;
      if (outcome !== "cancelled")
        turn.update({ sessionUpdate: "tool_call_update", toolCallId: "toolu_2", status: "completed" });
      await Promise.race([turn.whenCancelled(), turn.sleep(10_000)]);
      turn.update({ sessionUpdate: "session_end", stopReason: "cancelled" });
      return result("cancelled", "CANCELLED");
    }
    turn.update(chunk("The file says hello.", "msg-2"));
    turn.update({ sessionUpdate: "session_info_update", title: "Read hello", _meta: meta() });
    turn.update({ sessionUpdate: "session_end", stopReason: "end_turn" });
    turn.update(phase("idle"));
    return result("end_turn");
  },

  /**
   * 38: a turn that runs until a second `session/prompt` is folded into it (that prompt is
   * answered `end_turn` at once), echoes it, and ends (or ends after 10 s).
   */
  async "cb-long"(turn) {
    turn.update(chunk("Working", "msg-1"));
    for (let step = 0; step < 200 && !turn.cancelled; step++) {
      await turn.sleep(50);
      const injected = turn.modelStep();
      if (injected.length > 0) {
        turn.update(chunk(` [also: ${injected.join(" | ")}]`, "msg-2"));
        await turn.sleep(100);
        turn.update(chunk(" Done.", "msg-2"));
        return result("end_turn");
      }
      turn.update(chunk(".", "msg-1"));
    }
    return result(turn.cancelled ? "cancelled" : "end_turn");
  },

  /**
   * 39: Agent Teams: team updates on `session_info_update`, member-tagged updates (lanes), and a
   * `_codebuddy.ai/question` request the client must refuse (-32601); the result comes after every
   * member is terminal.
   */
  async "cb-team"(turn) {
    const team = (update: object) =>
      turn.update({ sessionUpdate: "session_info_update", _meta: meta({ "codebuddy.ai/teamUpdate": update }) });
    turn.update(chunk("Starting a team.", "lead-1"));
    team({ type: "team_created", teamName: "fix-team" });
    team({
      type: "member_status_change",
      teamName: "fix-team",
      isAutoTeam: false,
      members: [
        { name: "alice", color: "blue", description: "Investigate the bug", status: "running", taskId: "task-a" },
        { name: "bob", color: "green", description: "Write the test", status: "pending", taskId: "task-b" },
      ],
    });
    turn.update(chunk("alice: looking at the code", "alice-1", "alice"));
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: "alice-tool-1",
      title: "Grep login",
      kind: "search",
      status: "in_progress",
      rawInput: { pattern: "login" },
      _meta: meta({ "codebuddy.ai/memberEvent": "alice" }),
    });
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: "alice-tool-1",
      status: "completed",
      content: [{ type: "content", content: text("src/login.ts") }],
      _meta: meta({ "codebuddy.ai/memberEvent": "alice" }),
    });
    turn.update(chunk("bob: writing the test", "bob-1", "bob"));
    let answer: string;
    try {
      await turn.request("_codebuddy.ai/question", {
        question: "Which approach?",
        options: [{ label: "minimal" }, { label: "full" }],
      });
      answer = "answered";
    } catch (error) {
      answer = error instanceof RpcError ? `refused ${error.code}` : "failed";
    }
    team({
      type: "member_status_change",
      teamName: "fix-team",
      isAutoTeam: false,
      members: [
        {
          name: "alice",
          color: "blue",
          description: "Investigate the bug",
          status: "completed",
          taskId: "task-a",
          toolCallCount: 1,
        },
        {
          name: "bob",
          color: "green",
          description: "Write the test",
          status: "failed",
          taskId: "task-b",
          lastFailure: { error: "tests did not compile", category: "tool" },
        },
      ],
    });
    turn.update(chunk(`Team finished (question ${answer}).`, "lead-2"));
    team({ type: "team_deleted", teamName: "fix-team" });
    return result("end_turn");
  },
};
