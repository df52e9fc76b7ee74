/**
 * The REAL CodeBuddy Code CLI 2.117.0 (`codebuddy --acp`, from the pinned devDependency
 * @tencent-ai/agent-sdk@0.3.201) driven by the panel's own ChatSession, fully offline: the model
 * is a fake OpenAI Chat Completions server on 127.0.0.1 (Recipe A, API key + base URL), the login
 * a fake platform (Recipe B).
 *
 * Signing in: session/new answers -32000, authenticate goes through the fake platform, and the
 * signed-in session's model calls carry the token, which is never logged.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Cleanup } from "../support/hostHarness";
import { assistantText, entriesOf } from "../support/threadReaders";
import { FakeOpenAi, reply } from "./fakeOpenAi";
import { FakePlatform } from "./fakePlatform";
import { codebuddyDefinition } from "./codebuddyLaunch";
import type { AuthPrompt } from "../../src/acp/ports";
import { CODEBUDDY_TEST, startCodebuddy } from "./codebuddyChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test(
  "sign-in: -32000 on session/new, authenticate through the fake platform, then a signed-in session whose model calls carry the token",
  CODEBUDDY_TEST,
  async () => {
    const model = new FakeOpenAi();
    const platform = new FakePlatform(model);
    const platformUrl = await platform.start();
    cleanup.add(() => platform.stop());
    const chosen: string[][] = [];
    const auth: AuthPrompt = {
      async choose(_agent, methods) {
        chosen.push(methods.map((method) => method.id));
        return methods.find((method) => method.id === "external");
      },
      async confirmTerminalLogin() {
        return false;
      },
      async runTerminalLogin() {
        return false;
      },
    };
    const { chat, wire, logger } = await startCodebuddy(cleanup, codebuddyDefinition({ platformUrl }), { auth });
    const log = wire();
    assert.equal(
      chat.store.state.connection.status,
      "ready",
      JSON.stringify(entriesOf(chat.store.state.thread, "error")),
    );
    const news = log.filter(
      (w) =>
        w.direction === "in" &&
        w.message.method === undefined &&
        w.message.id !== undefined &&
        log.some(
          (out) => out.direction === "out" && out.message.method === "session/new" && out.message.id === w.message.id,
        ),
    );
    assert.deepEqual(news[0]?.message.error?.code, -32000);
    assert.deepEqual((news[0]?.message.error?.data as { category?: string } | undefined)?.category, "auth");
    assert.ok(news[1]?.message.result, "session/new succeeds after sign-in");
    assert.deepEqual(chosen, [["iOA", "external", "internal", "selfhosted"]]);
    const authenticateId = log.find((w) => w.direction === "out" && w.message.method === "authenticate")?.message.id;
    const signedIn = log.find(
      (w) => w.direction === "in" && w.message.id === authenticateId && w.message.method === undefined,
    )?.message.result as { _meta?: Record<string, unknown> };
    assert.ok(signedIn?._meta?.["codebuddy.ai/userinfo"], "the authenticate result carries the user info");
    assert.ok(
      log.some((w) => w.direction === "in" && w.message.method === "_codebuddy.ai/authUrl"),
      "the auth URL notification arrived",
    );
    assert.ok(platform.loggedIn, "the CLI fetched a login state and polled the token");
    assert.deepEqual(
      entriesOf(chat.store.state.thread, "notice").map((n) => n.title),
      ["CodeBuddy needs you to sign in.", "Signed in to CodeBuddy."],
    );
    model.queue(reply.text("Hello after login."));
    await chat.prompt("hello");
    assert.match(assistantText(chat.store.state.thread), /Hello after login\./);
    const main = model.mainRequests.at(-1);
    assert.match(main?.path ?? "", /^\/v2\/chat\/completions/);
    assert.equal(main?.headers.authorization, "Bearer tok-test");
    assert.ok(
      logger.lines.every((line) => !line.includes("tok-test")),
      "the token is not logged",
    );
  },
);
