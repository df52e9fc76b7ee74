/**
 * claude-agent-acp 0.23 and issue 18: its Bash output streamed into the tool card through
 * `_meta.terminal_*` (the client advertises `_meta.terminal_output`), and `session/fork`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Thread } from "../../src/shared/thread/thread";
import { forkSourceOf } from "../../src/acp/sessions/sessionFork";
import { unstableCapabilitiesOf } from "../../src/acp/client/session/unstableSessions";
import { waitFor } from "../support/waitFor";
import { rules, toolUse } from "./fakeAnthropic";
import { assistantText, toolCard, sessionsOf } from "./realSession";

const ID = "claude-agent-acp";
const open = sessionsOf(ID);

test("claude-agent-acp: a Bash call's output shows in the card's terminal before the call completes", async () => {
  const s = await open({
    script: () =>
      rules({
        prompt: "run echo",
        steps: [
          [toolUse("Bash", { command: "printf 'alpha\\nbeta\\n'", description: "Print two lines" })],
          (c) => `Output was: ${c.lastToolResult?.text}`,
        ],
      }),
  });
  const states: Thread[] = [];
  s.chat.store.subscribe(() => states.push(s.chat.store.state.thread));
  const turn = s.chat.prompt("run echo");
  await s.answerNextPermission("allow_once");
  await turn;
  const card = toolCard(s.thread(), (c) => c.toolKind === "execute");
  assert.ok(card, "the Bash card");
  assert.equal(card.status, "completed");
  assert.deepEqual(card.content, [{ type: "terminal", terminalId: card.toolCallId }], "the card embeds the terminal");
  const terminal = s.thread().terminals[card.toolCallId];
  assert.equal(terminal?.output, "alpha\nbeta");
  assert.deepEqual(terminal?.exit, { exitCode: 0, signal: null });
  assert.equal(terminal?.command, "printf 'alpha\\nbeta\\n'");
  // The wire: terminal_info on the tool_call, then terminal_output, then the completed status with terminal_exit.
  const mine = s.updates().filter((u) => u.toolCallId === card.toolCallId);
  const at = (predicate: (u: Record<string, unknown>) => boolean) => mine.findIndex(predicate);
  const meta = (u: Record<string, unknown>) => (u._meta ?? {}) as Record<string, unknown>;
  const info = at((u) => u.sessionUpdate === "tool_call" && meta(u).terminal_info !== undefined);
  const output = at((u) => meta(u).terminal_output !== undefined);
  const completed = at((u) => u.status === "completed");
  assert.ok(
    info >= 0 && info < output && output < completed,
    `order on the wire: info ${info}, output ${output}, completed ${completed}`,
  );
  assert.ok(meta(mine[completed]!).terminal_exit, "the exit comes with the completed status");
  // The host's thread: the output was shown while the card was not yet completed.
  const shownEarly = states.some(
    (thread) =>
      (thread.terminals[card.toolCallId]?.output ?? "") !== "" &&
      toolCard(thread, (c) => c.toolCallId === card.toolCallId)?.status !== "completed",
  );
  assert.ok(shownEarly, "a state with the output and the call still running");
  await waitFor(
    () => assistantText(s.thread()),
    (value) => value.includes("Output was:"),
    "the reply",
  );
});

test("claude-agent-acp: Fork Session continues the history in a new session (session/fork in a new process)", async () => {
  const s = await open({
    script: () =>
      rules(
        { prompt: "remember banana", steps: ["I will remember: banana."] },
        { prompt: "what was it?", steps: [(c) => `Forked; messages so far: ${c.body.messages?.length ?? 0}`] },
      ),
  });
  assert.equal(
    unstableCapabilitiesOf(s.chat.agentClient!.init).fork,
    true,
    "claude-agent-acp advertises sessionCapabilities.fork",
  );
  await s.chat.prompt("remember banana");
  const source = s.chat.sessionId!;
  await s.chat.start(ID, forkSourceOf(source, s.thread(), "Banana"));
  assert.equal(s.chat.store.state.connection.status, "ready", JSON.stringify(s.chat.store.state.connection));
  const forked = s.chat.sessionId!;
  assert.notEqual(forked, source, "a new session id");
  const request = s
    .wire("out")
    .map((line) => line.message)
    .find((message) => message.method === "session/fork");
  assert.equal(request?.params?.sessionId, source, "session/fork names the source");
  assert.equal(s.thread().title, "Banana (fork)");
  assert.match(assistantText(s.thread()), /I will remember: banana\./, "the fork shows the source's transcript");
  await s.chat.prompt("what was it?");
  assert.match(assistantText(s.thread()), /Forked; messages so far: [3-9]/, "the model got the earlier messages");
});
