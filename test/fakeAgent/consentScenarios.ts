/**
 * Scenarios for the e2e tests of file consent (test/e2e/fileConsent.test.ts): the agent reads or
 * writes a path and says, in one line the test can find, what VS Code answered, including a
 * refusal's JSON-RPC code and message.
 *
 *   e2e-read-guarded <path>            fs/read_text_file; "Read <path>: <content>" or "Read refused (<code>): <message>"
 *   e2e-write-guarded <path> <text…>   fs/write_text_file; "Wrote <path>." or "Write refused (<code>): <message>"
 *   e2e-read-flood <dir> <count>       <count> reads of <dir>/f<i>.txt sent at once (issue 26); once all are
 *                                      answered, "Flood answered: <n> read, <m> refused", then the turn runs until Stop
 */
import { isAbsolute, resolve } from "node:path";
import { RpcError } from "./wire";
import { perWorld } from "./world";
import type { Scenario, TurnContext } from "./scenarios";

const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });
const absolute = (turn: TurnContext, path: string) => (isAbsolute(path) ? path : resolve(turn.cwd, path));

const calls = perWorld(() => ({ count: 0 }));

function refusal(error: unknown): string {
  return error instanceof RpcError ? `(${error.code}): ${error.message}` : `: ${String(error)}`;
}

export const consentScenarios: Record<string, Scenario> = {
  async "e2e-read-guarded"(turn) {
    const path = absolute(turn, turn.args[0] ?? "notes.txt");
    const toolCallId = `consent-read-${++calls(turn.world).count}`;
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: `Read ${path}`,
      kind: "read",
      status: "in_progress",
      locations: [{ path }],
    });
    try {
      const { content } = (await turn.request("fs/read_text_file", { path })) as { content: string };
      turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
      turn.update(chunk(`Read ${path}: ${content.trim()}`));
    } catch (error) {
      turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      turn.update(chunk(`Read refused ${refusal(error)}`));
    }
    return "end_turn";
  },

  async "e2e-write-guarded"(turn) {
    const path = absolute(turn, turn.args[0] ?? "notes.txt");
    const toolCallId = `consent-write-${++calls(turn.world).count}`;
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId,
      title: `Write ${path}`,
      kind: "edit",
      status: "in_progress",
      locations: [{ path }],
    });
    try {
      await turn.request("fs/write_text_file", { path, content: `${turn.args.slice(1).join(" ")}\n` });
      turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "completed" });
      turn.update(chunk(`Wrote ${path}.`));
    } catch (error) {
      turn.update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      turn.update(chunk(`Write refused ${refusal(error)}`));
    }
    return "end_turn";
  },

  async "e2e-read-flood"(turn) {
    const dir = absolute(turn, turn.args[0] ?? ".");
    const count = Number(turn.args[1] ?? 60);
    turn.update({
      sessionUpdate: "tool_call",
      toolCallId: `consent-flood-${++calls(turn.world).count}`,
      title: `Read ${count} files`,
      kind: "read",
    });
    const answers = await Promise.allSettled(
      Array.from({ length: count }, (_, index) =>
        turn.request("fs/read_text_file", { path: `${dir}/f${index + 1}.txt` }),
      ),
    );
    const read = answers.filter((answer) => answer.status === "fulfilled").length;
    turn.update(chunk(`Flood answered: ${read} read, ${count - read} refused`));
    // Still working: the user must be able to reach Stop.
    await turn.whenCancelled();
    return "cancelled";
  },
};
