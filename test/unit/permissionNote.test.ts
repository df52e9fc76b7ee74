/**
 * A permission answered with a note (issue 28 item 4), end to end with the fake agent: the agent
 * gets exactly the option chosen (a reject is `selected` with the reject's id, never `cancelled`),
 * then the note as the next message, ahead of anything already queued. The answer is checked
 * against the SDK 2.4.0 schema: no invented wire field rides along with it.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { stableWire } from "../support/sdkSchemas";
import { Cleanup, startedChat } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { fakeAgent, type WireMessage } from "../support/fakeAgentLaunch";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** The client's answer to the agent's last `session/request_permission`. */
function permissionAnswer(received: WireMessage[], sent: WireMessage[]): unknown {
  const asked = sent.filter((m) => m.method === "session/request_permission").at(-1);
  return received.find((m) => m.id === asked?.id && m.method === undefined)?.result;
}

const prompts = (received: WireMessage[]) =>
  received
    .filter((m) => m.method === "session/prompt")
    .map((m) => ((m.params as { prompt: Array<{ text?: string }> }).prompt[0]?.text ?? "").trim());

/** A started chat whose `e2e-permission` turn is asking the one permission it asks. */
async function permissionAsked() {
  const agent = fakeAgent();
  const { chat } = await startedChat(cleanup, [agent.launch]);
  const turn = chat.prompt("e2e-permission");
  const thread = await waitFor(
    () => chat.store.state.thread,
    (t) => t.permissions.length === 1,
    "the permission request",
  );
  return { agent, chat, turn, request: thread.permissions[0]! };
}

for (const [button, optionId] of [
  ["Hold the release", "hold"],
  ["Ship it", "ship-it"],
] as const) {
  test(`"${button}" with a note: the agent gets ${optionId} selected, then the note as the next message`, async () => {
    const { agent, chat, turn, request } = await permissionAsked();
    assert.ok(request.options.some((option) => option.name === button));
    // Something else already waits: the note still goes first, right after the answer.
    await chat.prompt("basic-stream");
    chat.answerPermission(request.requestId, optionId, "  yes, but use the test database  ");
    await turn;
    const done = await waitFor(
      () => chat.store.state.thread,
      (t) => t.queue.length === 0 && t.turn.phase === "idle" && assistantText(t).includes("basic-stream"),
      "the note's turn and the queued message's",
    );

    const answer = permissionAnswer(agent.received(), agent.sent());
    assert.deepEqual(answer, { outcome: { outcome: "selected", optionId } });
    assert.ok(stableWire.zRequestPermissionResponse.safeParse(answer).success, "a valid RequestPermissionResponse");
    assert.match(assistantText(done), new RegExp(`Permission outcome: selected ${optionId}\\.`));
    assert.deepEqual(prompts(agent.received()), [
      "e2e-permission",
      `About your request "Deploy build 42 to staging", I answered "${button}". My note: yes, but use the test database`,
      "basic-stream",
    ]);
    assert.equal(entriesOf(done, "user")[1]?.text.endsWith("My note: yes, but use the test database"), true);
  });
}

test("no note, or only spaces: nothing more is sent; a dismissed request is the only cancelled", async () => {
  const { agent, chat, turn, request } = await permissionAsked();
  chat.answerPermission(request.requestId, "hold", "   ");
  await turn;
  assert.deepEqual(permissionAnswer(agent.received(), agent.sent()), {
    outcome: { outcome: "selected", optionId: "hold" },
  });
  assert.deepEqual(prompts(agent.received()), ["e2e-permission"]);
  assert.equal(chat.store.state.thread.queue.length, 0);
});
