/**
 * Issue 14 item 6: package runners (npx, uvx, bunx, pnpm dlx…) read the package manager's config
 * from the folder they start in. Started in the workspace, a cloned repository's `.npmrc` would
 * choose the registry the agent's code is downloaded from. They start in a private folder
 * instead, and the session's `cwd` stays the workspace.
 *
 * The npm tests run the real npx against two registries on 127.0.0.1: the "user's" (from
 * npm_config_userconfig) and the workspace's (from `.npmrc` in the workspace). Both answer 404.
 */
import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import type { AgentDefinition } from "../../src/acp/agents/agentDefinition";
import { AgentProcess } from "../../src/acp/client/connection/agentProcess";
import { isPackageRunner, runnerDirectory } from "../../src/acp/client/connection/packageRunner";
import { findOnPath } from "../../src/acp/platform/shellEnvironment";
import { openTransport } from "../../src/acp/client/connection/transports/openTransport";
import { fakeAgentProcess } from "../support/fakeAgentLaunch";
import { Cleanup, startedChat } from "../support/hostHarness";
import { agentPid } from "../support/agentPids";
import { MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { waitFor } from "../support/waitFor";

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

// Under `npm run`, npm exports its own config as npm_config_* (a registry among them would override
// both .npmrc files): the agents here must see only what each test sets.
for (const key of Object.keys(process.env)) if (/^npm_config_/i.test(key)) delete process.env[key];

interface Registry {
  readonly url: string;
  readonly requests: string[];
}

async function registry(): Promise<Registry> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.add(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A workspace whose `.npmrc` names its own registry, and the user's npm config naming another. */
async function hostileWorkspace() {
  const [user, hostile] = [await registry(), await registry()];
  const root = tempDir("acp-runner-");
  const workspace = join(root, "workspace");
  mkdirSync(workspace);
  writeFileSync(join(workspace, ".npmrc"), `registry=${hostile.url}\n`);
  writeFileSync(join(root, "user.npmrc"), `registry=${user.url}\n`);
  const env = {
    npm_config_userconfig: join(root, "user.npmrc"),
    npm_config_cache: join(root, "cache"),
    npm_config_fetch_retries: "0",
    npm_config_update_notifier: "false",
  };
  return { user, hostile, root, workspace, env };
}

const stdio = (name: string, command: string, args: string[], env: Record<string, string>): AgentDefinition => ({
  name,
  transport: "stdio",
  command,
  args,
  env,
  defaultConfig: {},
  mcpServers: [],
});

test("npx, npx by absolute path and npm exec download from the user's registry, never the workspace's .npmrc", async () => {
  const { user, hostile, root, workspace, env } = await hostileWorkspace();
  const npx = findOnPath("npx", process.env.PATH);
  assert.ok(npx, "npx is on PATH");
  const launches: Array<[string, string[]]> = [
    ["npx", ["--yes", "acp-panel-missing-agent@1.0.0"]],
    [npx, ["--yes", "acp-panel-missing-agent@1.0.0"]],
    ["npm", ["exec", "--yes", "--", "acp-panel-missing-agent@1.0.0"]],
  ];
  for (const [command, args] of launches) {
    const logger = new MemoryLogger();
    const transport = openTransport(
      stdio("Runner", command, args, env),
      workspace,
      process.env.PATH,
      logger,
      join(root, "storage"),
    );
    cleanup.add(() => transport.stop());
    const report = await transport.ended;
    assert.match(report.message, /exited/i, `${command}: ${report.message}`);
    assert.deepEqual(hostile.requests, [], `${command} ${args.join(" ")} asked the workspace's registry`);
    assert.ok(
      user.requests.some((r) => r.startsWith("GET /acp-panel-missing-agent")),
      `${command}: the user's registry saw ${JSON.stringify(user.requests)}`,
    );
    user.requests.length = 0;
  }
});

test(
  "a package runner starts in a private folder outside the workspace; session/new still sends the workspace",
  { skip: process.platform !== "linux" && "reads /proc" },
  async () => {
    const { root, workspace, env } = await hostileWorkspace();
    const agent = fakeAgentProcess("Via npx", env);
    // `npx -c` runs a command line with no package to fetch: the fake agent, through the runner.
    const line = [agent.launch.command, ...agent.launch.args].map((arg) => `'${arg}'`).join(" ");
    const storage = join(root, "storage");
    const { chat, logger } = await startedChat(
      cleanup,
      [{ ...agent.launch, command: "npx", args: ["--yes", "-c", line] }],
      {
        workspace: fixedWorkspace(workspace),
        storageDirectory: storage,
      },
    );
    assert.equal(chat.store.state.connection.status, "ready", JSON.stringify(chat.store.state.connection));
    const newSession = agent.received().find((m) => m.method === "session/new");
    assert.equal((newSession?.params as { cwd?: string }).cwd, workspace);
    const pid = await waitFor(
      () => agentPid(logger),
      (value) => value !== undefined,
      "the agent's pid",
    );
    const processCwd = readlinkSync(`/proc/${pid}/cwd`);
    assert.ok(processCwd.startsWith(storage + sep), `the agent process runs in ${processCwd}`);
    assert.ok(!processCwd.startsWith(workspace), "not in the workspace");
    assert.ok(!existsSync(join(processCwd, ".npmrc")), "the private folder has no .npmrc");
    // Its stoppers end every upward search for project config there (npm, pnpm, bun: package.json; uv: uv.toml).
    assert.ok(existsSync(join(processCwd, "package.json")) && existsSync(join(processCwd, "uv.toml")));
    assert.doesNotThrow(() => JSON.parse(readFileSync(join(processCwd, "package.json"), "utf8")));
  },
);

test("other launches keep the workspace as their working directory", async () => {
  const workspace = tempDir("acp-plain-");
  const logger = new MemoryLogger();
  const child = new AgentProcess(
    { name: "Plain", command: process.execPath, args: ["-e", "process.stderr.write(process.cwd() + '\\n')"], env: {} },
    workspace,
    logger,
  );
  await child.exited;
  assert.deepEqual(logger.stderr, [workspace]);
});

test("which launches are package runners", () => {
  const runners: Array<[string, string[]]> = [
    ["npx", ["-y", "@zed-industries/claude-agent-acp"]],
    ["/usr/local/bin/npx", ["x"]],
    ["C:\\Program Files\\nodejs\\npx.cmd", ["x"]],
    ["uvx", ["agent"]],
    ["/home/me/.local/bin/uvx", ["agent"]],
    ["bunx", ["agent"]],
    ["pnpx", ["agent"]],
    ["npm", ["exec", "agent"]],
    ["npm", ["x", "agent"]],
    ["npm", ["--yes", "exec", "agent"]],
    ["/usr/bin/npm", ["exec", "agent"]],
    ["pnpm", ["dlx", "agent"]],
    ["PNPM.EXE", ["dlx", "agent"]],
    ["yarn", ["dlx", "agent"]],
    ["bun", ["x", "agent"]],
    ["uv", ["tool", "run", "agent"]],
    ["pipx", ["run", "agent"]],
  ];
  for (const [command, args] of runners)
    assert.equal(isPackageRunner(command, args), true, `${command} ${args.join(" ")}`);
  const others: Array<[string, string[]]> = [
    ["node", ["agent.js"]],
    ["claude-agent-acp", []],
    ["npm", ["run", "agent"]],
    ["pnpm", ["exec", "agent"]],
    ["uv", ["run", "agent.py"]],
    ["bun", ["run", "agent.ts"]],
    ["/opt/npx-tools/agent", []],
    ["yarn", ["agent"]],
  ];
  for (const [command, args] of others)
    assert.equal(isPackageRunner(command, args), false, `${command} ${args.join(" ")}`);
});

test("the private folder is never a symlink planted in its place", () => {
  const base = tempDir("acp-runner-base-");
  const elsewhere = tempDir("acp-runner-elsewhere-");
  symlinkSync(elsewhere, join(base, "launch"));
  assert.throws(() => runnerDirectory(base), /is not a folder/);
  assert.deepEqual(readdirSync(elsewhere), [], "nothing was written through the link");
});
