/**
 * The REAL CodeBuddy Code CLI 2.117.0 (`codebuddy --acp`, from the pinned devDependency
 * @tencent-ai/agent-sdk@0.3.201) driven by the panel's own ChatSession, fully offline: the model
 * is a fake OpenAI Chat Completions server on 127.0.0.1 (Recipe A, API key + base URL), the login
 * a fake platform (Recipe B).
 *
 * Its protocol quirks: config options sent before the session/new response, and a model error
 * that ends the turn as `refusal` with CodeBuddy's own message.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup } from "../support/hostHarness";
import { entriesOf } from "../support/threadReaders";
import { reply } from "./fakeOpenAi";
import { codebuddyDefinition } from "./codebuddyLaunch";
import { CODEBUDDY_TEST, startCodebuddy, withModel } from "./codebuddyChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test("early config_option_update and commands after session/new both land in the thread", CODEBUDDY_TEST, async () => {
  const { url } = await withModel(cleanup);
  const { chat, wire } = await startCodebuddy(cleanup, codebuddyDefinition({ apiBaseUrl: url }));
  const log = wire();
  const newId = log.find((w) => w.direction === "out" && w.message.method === "session/new")?.message.id;
  const responseAt = log.findIndex(
    (w) => w.direction === "in" && w.message.method === undefined && w.message.id === newId,
  );
  const early = log.findIndex(
    (w) =>
      w.direction === "in" &&
      (w.message.params?.update as { sessionUpdate?: string } | undefined)?.sessionUpdate === "config_option_update",
  );
  assert.ok(early >= 0 && early < responseAt, "CodeBuddy sends config_option_update before the session/new response");
  const { thread } = chat.store.state;
  const mode = thread.configOptions.find((option) => option.id === "mode");
  assert.equal(mode?.currentValue, "default");
  await chat.prompt("hello");
  assert.ok(chat.store.state.thread.commands.length > 0, "available_commands_update after the response");
});

test("a model error ends the turn as `refusal`, shown with CodeBuddy's own message", CODEBUDDY_TEST, async () => {
  const { model, url } = await withModel(cleanup);
  model.queue(reply.error(401, "fake error 401"));
  const { chat, wire } = await startCodebuddy(cleanup, codebuddyDefinition({ apiBaseUrl: url }));
  await chat.prompt("this will fail");
  const result = wire().find(
    (w) => w.direction === "in" && (w.message.result as { stopReason?: string } | undefined)?.stopReason,
  )?.message.result as { stopReason: string; _meta: Record<string, unknown> };
  assert.equal(result.stopReason, "refusal");
  assert.equal(typeof result._meta["codebuddy.ai/errorMessage"], "string", "a JSON string, not a JSON-RPC error");
  const { thread } = chat.store.state;
  assert.deepEqual(thread.turn, { phase: "idle", lastStop: "refusal" });
  const [error] = entriesOf(thread, "error");
  assert.equal(error?.message, "The agent refused to continue: fake error 401");
  assert.match(error?.details ?? "", /401/);
  model.queue(reply.text("Recovered."));
  await chat.prompt("try again");
  assert.deepEqual(chat.store.state.thread.turn, { phase: "idle", lastStop: "end_turn" }, "the next prompt works");
});
