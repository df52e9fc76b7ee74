/**
 * Scenarios for following the conversation in real VS Code (test/e2e/following.test.ts):
 *
 *   follow-long [n]     a reply of n (default 60) numbered paragraphs: a transcript far taller
 *                       than the panel
 *   follow-ask <file>   a short reply, then waits until `file` (relative to the session's cwd)
 *                       exists (the test creates it once it has scrolled up), then asks permission
 *                       for a tool call and reports the outcome
 *   follow-say <text>   replies with <text> as Markdown (path links: test/e2e/pathLinks.test.ts)
 */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { Scenario } from "./scenarios";
import { perWorld } from "./world";

const text = (value: string) => ({ type: "text", text: value });
const chunk = (value: string) => ({ sessionUpdate: "agent_message_chunk", content: text(value) });

/** How long `follow-ask` waits for its go signal before giving up. */
const GO_TIMEOUT_MS = 120_000;

const calls = perWorld(() => ({ count: 0 }));

export const followScenarios: Record<string, Scenario> = {
  async "follow-say"(turn) {
    turn.update(chunk(turn.args.join(" ")));
    return "end_turn";
  },

  async "follow-long"(turn) {
    const count = Math.max(1, Number(turn.args[0]) || 60);
    for (let i = 1; i <= count; i++) {
      turn.update(chunk(`Paragraph ${i} of the long reply: ${"filler words to make it wrap ".repeat(4)}\n\n`));
    }
    return "end_turn";
  },

  async "follow-ask"(turn) {
    const name = turn.args[0] ?? ".follow-go";
    const signal = isAbsolute(name) ? name : resolve(turn.cwd, name);
    turn.update(chunk("Got it. I will ask for permission once the go signal is there.\n\n"));
    const deadline = Date.now() + GO_TIMEOUT_MS;
    while (!existsSync(signal)) {
      if (turn.cancelled) return "cancelled";
      if (Date.now() > deadline) {
        turn.update(chunk("No go signal came."));
        return "end_turn";
      }
      await turn.sleep(50);
    }
    const toolCall = {
      toolCallId: `call-follow-${++calls(turn.world).count}`,
      title: "Publish the follow-up notes",
      kind: "execute",
      status: "pending",
    };
    turn.update({ sessionUpdate: "tool_call", ...toolCall });
    const answer = (await turn.request("session/request_permission", {
      toolCall,
      options: [
        { optionId: "publish", name: "Publish them", kind: "allow_once" },
        { optionId: "keep", name: "Keep them private", kind: "reject_once" },
      ],
    })) as { outcome?: { outcome?: string; optionId?: string } };
    const allowed = answer.outcome?.optionId === "publish";
    turn.update({
      sessionUpdate: "tool_call_update",
      toolCallId: toolCall.toolCallId,
      status: allowed ? "completed" : "failed",
    });
    turn.update(chunk(`Follow permission: ${answer.outcome?.optionId ?? String(answer.outcome?.outcome)}.`));
    return "end_turn";
  },
};
