/**
 * `claude-shell`: claude-agent-acp 0.23's Bash tool call as it streams it to a client that
 * advertises `clientCapabilities._meta.terminal_output` (its acp-agent.js and tools.js):
 * the `tool_call` names the terminal in `_meta.terminal_info` with `[{type:"terminal"}]` content,
 * a `tool_call_update` carries `_meta.terminal_output` (here two, 150 ms apart), and the final `tool_call_update` carries the status with
 * `_meta.terminal_exit`. Without the capability, the output comes as a console block at the end.
 */
import type { Scenario } from "./scenarios";

const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });

export const agentShellScenarios: Record<string, Scenario> = {
  async "claude-shell"(turn) {
    const toolCallId = "toolu_shell_1";
    const command = "printf 'one\\ntwo\\n'";
    const live = (turn.clientCapabilities._meta as Record<string, unknown> | undefined)?.terminal_output === true;
    const claudeCode = { claudeCode: { toolName: "Bash" } };
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: command,
      kind: "execute",
      status: "pending",
      rawInput: { command },
      content: live ? [{ type: "terminal", terminalId: toolCallId }] : [],
      _meta: live ? { ...claudeCode, terminal_info: { terminal_id: toolCallId } } : claudeCode,
    });
    if (live) {
      turn.update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        _meta: { terminal_output: { terminal_id: toolCallId, data: "one\n" } },
      });
      await turn.sleep(150); // the card is still running while its first line shows
      turn.update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        _meta: { terminal_output: { terminal_id: toolCallId, data: "two\n" } },
      });
      turn.update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "completed",
        rawOutput: "one\ntwo\n",
        content: [{ type: "terminal", terminalId: toolCallId }],
        _meta: { ...claudeCode, terminal_exit: { terminal_id: toolCallId, exit_code: 0, signal: null } },
      });
    } else {
      turn.update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "completed",
        rawOutput: "one\ntwo\n",
        content: [{ type: "content", content: { type: "text", text: "```console\none\ntwo\n```" } }],
        _meta: claudeCode,
      });
    }
    turn.update(chunk("Ran it."));
    return "end_turn";
  },
};
