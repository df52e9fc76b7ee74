/**
 * The REAL CodeBuddy Code CLI 2.117.0 (`codebuddy --acp`, from the pinned devDependency
 * @tencent-ai/agent-sdk@0.3.201) driven by the panel's own ChatSession, fully offline: the model
 * is a fake OpenAI Chat Completions server on 127.0.0.1 (Recipe A, API key + base URL), the login
 * a fake platform (Recipe B). Files, terminals and forms are offered, so its tools run through
 * our callbacks; permissions are answered by kind, as the panel's buttons do.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { ChatSession } from "../../src/acp/sessions/chatSession";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import type { Thread, ToolCallEntry } from "../../src/shared/thread/thread";
import { DiskFiles, ScriptedConsent } from "../support/diskFiles";
import { MemoryCatalog, MemoryLogger, fixedWorkspace, steppingClock } from "../support/memoryPorts";
import { Cleanup } from "../support/hostHarness";
import { assistantText, entriesOf, toolCards } from "../support/threadReaders";
import { FakeOpenAi, reply, userQuery } from "./fakeOpenAi";
import { FakePlatform } from "./fakePlatform";
import { terminalPids } from "../support/terminalPids";
import { codebuddyDefinition, codebuddyMissing } from "./codebuddyLaunch";
import { scratchDir } from "../support/scratchDir";
import type { AuthPrompt } from "../../src/acp/ports";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const TIMEOUT = { timeout: 90_000 };
const skip = codebuddyMissing();

interface Wire {
  readonly direction: "in" | "out";
  readonly message: {
    id?: unknown;
    method?: string;
    params?: Record<string, unknown>;
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
}

/** A ChatSession on the real CLI in a scratch workspace, with every permission answered by `kind`. */
async function startCodebuddy(
  definition: AgentDefinition,
  options: { auth?: AuthPrompt; permissionKind?: string } = {},
) {
  const workspace = realpathSync(scratchDir("acp-codebuddy-ws-"));
  writeFileSync(join(workspace, "hello.txt"), "hello from the workspace\n");
  const logger = new MemoryLogger();
  const files = new DiskFiles();
  const chat = new ChatSession({
    catalog: new MemoryCatalog([definition]),
    workspace: fixedWorkspace(workspace),
    logger,
    clock: steppingClock(),
    restartDelaysMs: [],
    ports: { files, consent: new ScriptedConsent() },
    ...(options.auth ? { auth: options.auth } : {}),
  });
  chat.refreshAgents();
  cleanup.add(() => chat.dispose());
  const states: Thread[] = [];
  const answered = new Set<string>();
  chat.store.subscribe(() => {
    const { thread } = chat.store.state;
    states.push(thread);
    for (const permission of thread.permissions) {
      if (answered.has(permission.requestId) || !options.permissionKind) continue;
      answered.add(permission.requestId);
      const option = permission.options.find((candidate) => candidate.kind === options.permissionKind);
      queueMicrotask(() => chat.answerPermission(permission.requestId, option?.optionId));
    }
  });
  await chat.start();
  const wire = (): Wire[] =>
    logger.trafficLog.map((entry) => ({
      direction: entry.direction,
      message: JSON.parse(entry.text) as Wire["message"],
    }));
  return { chat, logger, files, workspace, states, wire };
}

/** Agent → client requests with our answers. */
function clientCalls(wire: Wire[], method: RegExp) {
  const answers = new Map(
    wire
      .filter((w) => w.direction === "out" && w.message.method === undefined)
      .map((w) => [JSON.stringify(w.message.id), w.message]),
  );
  return wire
    .filter(
      (w) =>
        w.direction === "in" &&
        w.message.method !== undefined &&
        w.message.id !== undefined &&
        method.test(w.message.method),
    )
    .map((w) => ({
      method: w.message.method!,
      params: w.message.params ?? {},
      answer: answers.get(JSON.stringify(w.message.id)),
    }));
}

const cardOf = (thread: Thread, id: string): ToolCallEntry | undefined =>
  toolCards(thread).find((card) => card.toolCallId === id);
const fragmentShown = (card: ToolCallEntry | undefined) =>
  card?.content.some((c) => c.type === "content" && /^[{"]|":/.test((c.content as { text?: string }).text ?? "")) ??
  false;

async function withModel() {
  const model = new FakeOpenAi();
  const url = await model.start();
  cleanup.add(() => model.stop());
  return { model, url };
}

test(
  "Bash: permission answered by kind, the command runs in our terminal, the duplicated tool_call renders as one clean card",
  { ...TIMEOUT, skip },
  async () => {
    const { model, url } = await withModel();
    model.queue(
      reply.tool("Bash", { command: "echo hi-from-bash", description: "Say hi" }, "call_bash_1"),
      reply.text("The command printed hi."),
    );
    const { chat, wire, states } = await startCodebuddy(codebuddyDefinition({ apiBaseUrl: url }), {
      permissionKind: "allow_once",
    });
    await chat.prompt("run the greeting command");
    const log = wire();

    assert.equal(userQuery(model.mainRequests[0]!.body), "run the greeting command");
    const [permission] = clientCalls(log, /^session\/request_permission$/);
    const options = (permission?.params.options as acp.PermissionOption[]).map((o) => [o.optionId, o.kind]);
    assert.deepEqual(options, [
      ["allow_always", "allow_always"],
      ["allow", "allow_once"],
      ["reject", "reject_once"],
    ]);
    assert.deepEqual(
      permission?.answer?.result,
      { outcome: { outcome: "selected", optionId: "allow" } },
      "chosen by kind: allow_once is CodeBuddy's `allow`",
    );
    const terminal = clientCalls(log, /^terminal\//);
    assert.deepEqual(
      terminal.map((t) => t.method),
      ["terminal/create", "terminal/wait_for_exit", "terminal/output", "terminal/release"],
    );
    assert.equal(terminal[0]?.params.command, "echo hi-from-bash", "a whole shell line, no args");
    assert.equal(terminal[0]?.params.args, undefined);
    assert.deepEqual(terminal[2]?.answer?.result, {
      output: "hi-from-bash\n",
      truncated: false,
      exitStatus: { exitCode: 0, signal: null },
    });

    const { thread } = chat.store.state;
    assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
    assert.deepEqual(thread.permissions, []);
    assert.equal(toolCards(thread).length, 1, "announced twice, one card");
    const card = cardOf(thread, "call_bash_1");
    assert.deepEqual([card?.status, card?.toolKind], ["completed", "execute"]);
    assert.deepEqual(card?.content, [{ type: "terminal", terminalId: "term-1" }]);
    assert.deepEqual(thread.terminals["term-1"], {
      command: "echo hi-from-bash",
      output: "hi-from-bash\n",
      exit: { exitCode: 0, signal: null },
    });
    // Mid-stream: argument fragments were shown only before the real announcement replaced them.
    const reannounced = states.findIndex(
      (s) =>
        cardOf(s, "call_bash_1")?.status === "pending" || cardOf(s, "call_bash_1")?.status === "awaiting_permission",
    );
    assert.ok(reannounced > 0, "the second tool_call (pending) was seen");
    assert.equal(
      states.slice(reannounced).some((s) => fragmentShown(cardOf(s, "call_bash_1"))),
      false,
      "no JSON fragment after the re-announcement",
    );
    assert.match(assistantText(thread), /The command printed hi\./);
    assert.deepEqual(terminalPids(chat), []);
  },
);

test(
  "early config_option_update and commands after session/new both land in the thread",
  { ...TIMEOUT, skip },
  async () => {
    const { url } = await withModel();
    const { chat, wire } = await startCodebuddy(codebuddyDefinition({ apiBaseUrl: url }));
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
  },
);

test(
  "Read and Write go through our fs callbacks; Write asks permission and shows its diff",
  { ...TIMEOUT, skip },
  async () => {
    const { model, url } = await withModel();
    const { chat, wire, workspace, files, states } = await startCodebuddy(codebuddyDefinition({ apiBaseUrl: url }), {
      permissionKind: "allow_once",
    });
    model.queue(
      reply.tool("Read", { file_path: join(workspace, "hello.txt") }, "call_read_1"),
      reply.tool("Write", { file_path: join(workspace, "out.txt"), content: "written by codebuddy\n" }, "call_write_1"),
      reply.text("Read and wrote."),
    );
    await chat.prompt("copy the greeting");
    const fs = clientCalls(wire(), /^fs\//);
    const read = fs.find((call) => call.method === "fs/read_text_file");
    assert.equal(read?.params.path, join(workspace, "hello.txt"));
    assert.deepEqual(read?.answer?.result, { content: "hello from the workspace\n" });
    const write = fs.find((call) => call.method === "fs/write_text_file");
    assert.deepEqual(
      [write?.params.path, write?.params.content],
      [join(workspace, "out.txt"), "written by codebuddy\n"],
    );
    assert.equal(readFileSync(join(workspace, "out.txt"), "utf8"), "written by codebuddy\n");
    assert.deepEqual(files.writes, [join(workspace, "out.txt")]);
    const { thread } = chat.store.state;
    assert.deepEqual(
      toolCards(thread).map((c) => [c.toolCallId, c.toolKind, c.status]),
      [
        ["call_read_1", "read", "completed"],
        ["call_write_1", "edit", "completed"],
      ],
    );
    assert.equal(
      clientCalls(wire(), /^session\/request_permission$/).length,
      1,
      "Read needs no permission, Write asks once",
    );
    const asked = states.map((s) => cardOf(s, "call_write_1")).find((card) => card?.status === "awaiting_permission");
    const diff = asked?.content.find((c) => c.type === "diff") as { path?: string; newText?: string } | undefined;
    assert.deepEqual(
      [diff?.path, diff?.newText],
      [join(workspace, "out.txt"), "written by codebuddy\n"],
      "the permission was asked on a card showing the diff",
    );
    assert.match(cardOf(thread, "call_write_1")?.title ?? "", /^Write .*out\.txt$/);
    assert.equal(fragmentShown(cardOf(thread, "call_read_1")) || fragmentShown(cardOf(thread, "call_write_1")), false);
    assert.deepEqual(
      thread.changes.map((c) => [c.path, c.created]),
      [[join(workspace, "out.txt"), true]],
    );
    assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  },
);

test("a model error ends the turn as `refusal`, shown with CodeBuddy's own message", { ...TIMEOUT, skip }, async () => {
  const { model, url } = await withModel();
  model.queue(reply.error(401, "fake error 401"));
  const { chat, wire } = await startCodebuddy(codebuddyDefinition({ apiBaseUrl: url }));
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

test(
  "sign-in: -32000 on session/new, authenticate through the fake platform, then a signed-in session whose model calls carry the token",
  { ...TIMEOUT, skip },
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
    const { chat, wire, logger } = await startCodebuddy(codebuddyDefinition({ platformUrl }), { auth });
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
