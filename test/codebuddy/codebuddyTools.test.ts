/**
 * The REAL CodeBuddy Code CLI 2.117.0 (`codebuddy --acp`, from the pinned devDependency
 * @tencent-ai/agent-sdk@0.3.201) driven by the panel's own ChatSession, fully offline: the model
 * is a fake OpenAI Chat Completions server on 127.0.0.1 (Recipe A, API key + base URL), the login
 * a fake platform (Recipe B).
 *
 * Its tools: files and terminals are offered, so Bash, Read and Write run through our callbacks;
 * permissions are answered by kind, as the panel's buttons do.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { Cleanup } from "../support/hostHarness";
import { assistantText, toolCards, toolCard } from "../support/threadReaders";
import { reply, userQuery } from "./fakeOpenAi";
import { terminalPids } from "../support/terminalPids";
import { codebuddyDefinition } from "./codebuddyLaunch";
import { CODEBUDDY_TEST, clientCalls, fragmentShown, startCodebuddy, withModel } from "./codebuddyChat";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

test(
  "Bash: permission answered by kind, the command runs in our terminal, the duplicated tool_call renders as one clean card",
  CODEBUDDY_TEST,
  async () => {
    const { model, url } = await withModel(cleanup);
    model.queue(
      reply.tool("Bash", { command: "echo hi-from-bash", description: "Say hi" }, "call_bash_1"),
      reply.text("The command printed hi."),
    );
    const { chat, wire, states } = await startCodebuddy(cleanup, codebuddyDefinition({ apiBaseUrl: url }), {
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
    const card = toolCard(thread, "call_bash_1");
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
        toolCard(s, "call_bash_1")?.status === "pending" ||
        toolCard(s, "call_bash_1")?.status === "awaiting_permission",
    );
    assert.ok(reannounced > 0, "the second tool_call (pending) was seen");
    assert.equal(
      states.slice(reannounced).some((s) => fragmentShown(toolCard(s, "call_bash_1"))),
      false,
      "no JSON fragment after the re-announcement",
    );
    assert.match(assistantText(thread), /The command printed hi\./);
    assert.deepEqual(terminalPids(chat), []);
  },
);

test(
  "Read and Write go through our fs callbacks; Write asks permission and shows its diff",
  CODEBUDDY_TEST,
  async () => {
    const { model, url } = await withModel(cleanup);
    const { chat, wire, workspace, files, states } = await startCodebuddy(
      cleanup,
      codebuddyDefinition({ apiBaseUrl: url }),
      {
        permissionKind: "allow_once",
      },
    );
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
    const asked = states.map((s) => toolCard(s, "call_write_1")).find((card) => card?.status === "awaiting_permission");
    const diff = asked?.content.find((c) => c.type === "diff") as { path?: string; newText?: string } | undefined;
    assert.deepEqual(
      [diff?.path, diff?.newText],
      [join(workspace, "out.txt"), "written by codebuddy\n"],
      "the permission was asked on a card showing the diff",
    );
    assert.match(toolCard(thread, "call_write_1")?.title ?? "", /^Write .*out\.txt$/);
    assert.equal(
      fragmentShown(toolCard(thread, "call_read_1")) || fragmentShown(toolCard(thread, "call_write_1")),
      false,
    );
    assert.deepEqual(
      thread.changes.map((c) => [c.path, c.created]),
      [[join(workspace, "out.txt"), true]],
    );
    assert.deepEqual(thread.turn, { phase: "idle", lastStop: "end_turn" });
  },
);
