/**
 * Scenario catalogue (docs/reference/fake-agent-scenarios.md) group D (client-backed tools,
 * docs/reference/bub-and-lody.md §5), forms: the fake Bub's ask_user as elicitation/create,
 * answered, withdrawn by the agent, or dismissed by Stop.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import type { chatSession } from "../support/hostHarness";
import { Cleanup } from "../support/hostHarness";
import { assistantText, toolCard } from "../support/threadReaders";
import { exchanges } from "../support/wireLog";
import { waitFor } from "../support/waitFor";
import { bubWithClientTools } from "../support/bubClientTools";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function openForm(chat: ReturnType<typeof chatSession>["chat"]) {
  const [form] = await waitFor(
    () => chat.store.state.thread.forms,
    (forms) => forms.length === 1,
    "the form",
  );
  return form!;
}

test("24 elicitation: the flattened form request; accept with content goes back as is and the form closes", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  const turn = chat.prompt("elicitation");
  const form = await openForm(chat);
  assert.equal(form.message, "Choose an approach");
  const request = exchanges(agent, /^elicitation\//)[0];
  assert.deepEqual(request?.params, {
    sessionId: chat.sessionId,
    message: "Choose an approach",
    mode: "form",
    requestedSchema: {
      type: "object",
      properties: { answer: { type: "string", title: "Approach", enum: ["minimal", "full"] } },
      required: ["answer"],
    },
  });
  assert.deepEqual(chat.submitForm(form.requestId, { answer: "bogus" }).ok, false, "validated before anything is sent");
  assert.deepEqual(chat.submitForm(form.requestId, { answer: "minimal" }), { ok: true });
  await turn;
  assert.deepEqual(exchanges(agent, /^elicitation\//)[0]?.answer, {
    result: { action: "accept", content: { answer: "minimal" } },
  });
  const { thread } = chat.store.state;
  assert.deepEqual(thread.forms, []);
  assert.equal(toolCard(thread, "call-ask")?.title, "ask_user");
  assert.equal(toolCard(thread, "call-ask")?.toolKind, "other");
  assert.equal(assistantText(thread), 'The user answered: {"action":"accept","content":{"answer":"minimal"}}');
});

test("24 elicitation: accept with nothing filled in, decline, and cancel", async () => {
  for (const [prompt, act, expected] of [
    ["elicitation optional", "accept", { action: "accept", content: {} }],
    ["elicitation", "decline", { action: "decline" }],
    ["elicitation", "cancel", { action: "cancel" }],
  ] as const) {
    const { agent, chat } = await bubWithClientTools(cleanup);
    const turn = chat.prompt(prompt);
    const form = await openForm(chat);
    if (act === "accept") assert.deepEqual(chat.submitForm(form.requestId, {}), { ok: true });
    else if (act === "decline") chat.declineForm(form.requestId);
    else chat.cancelForm(form.requestId);
    await turn;
    assert.deepEqual(exchanges(agent, /^elicitation\//)[0]?.answer, { result: expected }, act);
    assert.deepEqual(chat.store.state.thread.forms, []);
    assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
    await cleanup.run();
  }
});

test("24 elicitation: the agent withdraws the request with $/cancel_request → the form is dismissed, answered harmlessly", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  const turn = chat.prompt("elicitation withdraw");
  await openForm(chat);
  await waitFor(
    () => chat.store.state.thread.forms,
    (forms) => forms.length === 0,
    "the form to be dismissed",
  );
  await turn;
  const withdraw = agent.sent().find((m) => m.method === "$/cancel_request");
  // The answer to a withdrawn request may reach the agent after its turn ended: wait for it.
  const request = await waitFor(
    () => exchanges(agent, /^elicitation\//)[0],
    (r) => r?.answer !== undefined,
    "the answer to the withdrawn form",
  );
  assert.deepEqual(withdraw?.params, { requestId: request?.id });
  assert.deepEqual(
    request?.answer,
    { result: { action: "cancel" } },
    "answered harmlessly: the withdrawn form settles as cancel",
  );
  assert.equal(assistantText(chat.store.state.thread), 'The user answered: {"action":"cancel"}');
});

test("24 elicitation: Stop while the form is open dismisses it and answers cancel; Bub ends with end_turn", async () => {
  const { agent, chat } = await bubWithClientTools(cleanup);
  const turn = chat.prompt("elicitation");
  await openForm(chat);
  await chat.cancel();
  assert.deepEqual(chat.store.state.thread.forms, [], "dismissed at once");
  await turn;
  // session/cancel can end the turn before the form's answer reaches the agent: wait for it.
  const request = await waitFor(
    () => exchanges(agent, /^elicitation\//)[0],
    (r) => r?.answer !== undefined,
    "the answer to the dismissed form",
  );
  assert.deepEqual(request?.answer, { result: { action: "cancel" } });
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" });
});
