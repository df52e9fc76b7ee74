/**
 * The last pieces of ACP's stable surface (issue 28 item 5), as the agent side of them:
 * - `notices`: three `notice` updates, one per severity (info, warning, error), then a reply;
 * - `permission-withdraw`: a permission request the agent withdraws after 300 ms with
 *   `$/cancel_request`; the client must answer it `cancelled` (the ACP MUST) and drop its card;
 * - `terminal-withdraw`: `terminal/wait_for_exit` on a long command, withdrawn after 300 ms; the
 *   client must answer it with the `-32800` error; then the agent kills and releases the terminal.
 * Each reply says what the client answered.
 */
import { RpcError } from "./wire";
import type { Scenario } from "./scenarios";

const reply = (text: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });

const answerOf = (error: unknown) => (error instanceof RpcError ? `error ${error.code}` : `error ${String(error)}`);

export const protocolEdgeScenarios: Record<string, Scenario> = {
  async notices(turn) {
    turn.update({ sessionUpdate: "notice", severity: "info", title: "Indexed 120 files" });
    turn.update({
      sessionUpdate: "notice",
      severity: "warning",
      title: "Approaching the rate limit",
      description: "80% of this minute's requests used.",
    });
    turn.update({ sessionUpdate: "notice", severity: "error", title: "The linter crashed" });
    turn.update(reply("Three notices sent."));
    return "end_turn";
  },

  async "permission-withdraw"(turn) {
    const toolCall = {
      toolCallId: "call-withdrawn",
      title: "Drop the cache table",
      kind: "execute",
      status: "pending",
    };
    turn.update({ sessionUpdate: "tool_call", ...toolCall });
    const id = turn.allocateRequestId();
    const answer = turn.request(
      "session/request_permission",
      {
        toolCall,
        options: [
          { optionId: "yes", name: "Drop it", kind: "allow_once" },
          { optionId: "no", name: "Keep it", kind: "reject_once" },
        ],
      },
      id,
    );
    await turn.sleep(300);
    turn.notify("$/cancel_request", { requestId: id });
    const outcome = await answer.then(
      (result) => JSON.stringify((result as { outcome?: unknown }).outcome),
      (error: unknown) => answerOf(error),
    );
    turn.update({ sessionUpdate: "tool_call_update", toolCallId: toolCall.toolCallId, status: "failed" });
    turn.update(reply(`Withdrawn permission answered: ${outcome}.`));
    return "end_turn";
  },

  async "terminal-withdraw"(turn) {
    const { terminalId } = (await turn.request("terminal/create", {
      command: "sleep",
      args: ["30"],
      cwd: turn.cwd,
    })) as { terminalId: string };
    const id = turn.allocateRequestId();
    const wait = turn.request("terminal/wait_for_exit", { terminalId }, id);
    await turn.sleep(300);
    turn.notify("$/cancel_request", { requestId: id });
    const outcome = await wait.then(
      () => "exited",
      (error: unknown) => answerOf(error),
    );
    await turn.request("terminal/kill", { terminalId });
    await turn.request("terminal/release", { terminalId });
    turn.update(reply(`Withdrawn wait answered: ${outcome}.`));
    return "end_turn";
  },
};
