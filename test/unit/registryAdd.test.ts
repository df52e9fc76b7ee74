/**
 * "ACP: Add Agent from Registry…" as the user goes through it (agents/registryAdd.ts), with the
 * dialogs answered by a script and the settings in memory: the list (refused entries last, with
 * their reasons), the launch choice, a taken name, a binary without a checksum, an unreadable index.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { addAgentFromRegistry } from "../../src/acp/agents/registryAdd";
import { platformKey } from "../../src/acp/agents/agentRegistry";
import { DEFAULT_REGISTRY_ENV } from "../../src/acp/agents/registrySource";
import type { installBinary } from "../../src/acp/agents/registryInstall";
import { english } from "../../src/shared/l10n";
import { ScriptedDialogs, type Answer } from "../support/scriptedDialogs";
import { scratchDir } from "../support/scratchDir";

const npxAgent = {
  id: "npx-agent",
  name: "Npx Agent",
  version: "2.1.0",
  description: "via npx",
  distribution: { npx: { package: "@acme/agent-acp", args: ["--acp"] } },
};
const twoWays = {
  id: "two-ways",
  name: "Two Ways",
  version: "0.3.0",
  description: "npx or uvx",
  distribution: { npx: { package: "two-ways" }, uvx: { package: "two-ways==0.3.0" } },
};
const binAgent = {
  id: "bin-agent",
  name: "Bin Agent",
  version: "1.0.0",
  description: "a binary",
  distribution: { binary: { [platformKey()]: { archive: "https://example.com/a.tar.gz", cmd: "./agent" } } },
};
const elsewhere = {
  id: "elsewhere",
  name: "Elsewhere",
  version: "1.0.0",
  description: "not for this machine",
  distribution: { binary: { "plan9-mips": { archive: "https://example.com/b.tar.gz", cmd: "./b" } } },
};
const refused = { id: "../escape", name: "Escape", version: "1.0.0", distribution: {} };

function registryFile(agents: unknown[]): string {
  const file = join(scratchDir("acp-registry-add-"), "registry.json");
  writeFileSync(file, JSON.stringify({ version: "1.0.0", agents }));
  return file;
}

function setup(answer: Answer, options: { registry?: string; agents?: Record<string, unknown> } = {}) {
  const dialogs = new ScriptedDialogs(answer);
  const written: Array<Readonly<Record<string, unknown>>> = [];
  const opened: string[] = [];
  const installs: string[] = [];
  const storage = scratchDir("acp-registry-storage-");
  const install: typeof installBinary = async (agent, folder, installOptions) => {
    installs.push(folder);
    const go = await installOptions.confirmUnverified({
      agent: agent.name,
      archive: "a.tar.gz",
      message: "no sha256 in the index",
    });
    if (!go) throw new Error("not installed");
    return { command: join(folder, agent.id, "agent"), args: [] };
  };
  const run = (env: Record<string, string> = {}) =>
    addAgentFromRegistry({
      dialogs,
      settings: {
        registry: () => options.registry,
        agents: () => options.agents,
        setUserAgents: async (agents) => void written.push(agents),
      },
      host: { openSettings: async (query) => void opened.push(query) },
      translate: english,
      storage,
      env,
      install,
    });
  return { dialogs, written, opened, installs, storage, run };
}

test("the list: each agent with its version and launches, then the refused entries under a separator, with their reasons", async () => {
  const registry = registryFile([npxAgent, twoWays, elsewhere, refused]);
  const { dialogs, written, run } = setup(() => undefined, { registry });
  await run();
  assert.deepEqual(
    dialogs.calls.map((call) => call.kind),
    ["progress", "pick"],
  );
  const [reading, list] = dialogs.calls;
  assert.equal(reading?.text, "Reading the ACP registry…");
  assert.equal(list?.text, "ACP: Add Agent from Registry");
  assert.equal(list?.placeHolder, "3 agents (1 entries refused, listed last)");
  assert.deepEqual(list?.rows.slice(0, 4), [
    "Npx Agent | 2.1.0 · npx | via npx",
    "Two Ways | 0.3.0 · npx, uvx | npx or uvx",
    "Elsewhere | 1.0.0 · not available here | not for this machine",
    "--- Refused entries",
  ]);
  assert.match(
    list?.rows[4] ?? "",
    /^\$\(error\) Escape \| agents\[3\] \| id id "\.\.\/escape" is not a safe folder name/,
  );
  assert.deepEqual(written, [], "dismissed: nothing written");
});

test("an agent with one launch is added under its name, pinned, next to the user's own agents", async () => {
  const registry = registryFile([npxAgent]);
  const mine = { Mine: { command: "mine" } };
  const { dialogs, written, run } = setup((call) => (call.kind === "pick" ? "Npx Agent" : undefined), {
    registry,
    agents: mine,
  });
  await run();
  assert.equal(dialogs.of("pick").length, 1, "no launch to choose between");
  assert.deepEqual(written, [
    { ...mine, "Npx Agent": { command: "npx", args: ["-y", "@acme/agent-acp@2.1.0", "--acp"] } },
  ]);
  assert.deepEqual(
    dialogs.of("info").map((call) => call.text),
    ["Added Npx Agent (npx) to your ACP agents."],
  );
});

test("an agent with two launches asks how to launch it; dismissing that adds nothing", async () => {
  const registry = registryFile([twoWays]);
  const uvx = setup((call) => (call.text === "How should it be launched?" ? "uvx" : "Two Ways"), { registry });
  await uvx.run();
  assert.deepEqual(uvx.dialogs.of("pick")[1]?.rows, ["npx", "uvx"]);
  assert.deepEqual(uvx.written, [{ "Two Ways": { command: "uvx", args: ["two-ways==0.3.0"] } }]);
  const dismissed = setup((call) => (call.text === "How should it be launched?" ? undefined : "Two Ways"), {
    registry,
  });
  await dismissed.run();
  assert.deepEqual(dismissed.written, []);
  assert.deepEqual(dismissed.dialogs.of("info"), []);
});

test("a name already taken asks: keep both adds it as “Name (2)”; Cancel leaves the agents as they are", async () => {
  const registry = registryFile([npxAgent]);
  const agents = { "Npx Agent": { command: "old" } };
  const rename = setup((call) => (call.kind === "pick" ? "Npx Agent" : call.actions[0]), { registry, agents });
  await rename.run();
  const [question] = rename.dialogs.of("confirm");
  assert.equal(question?.text, 'An agent named "Npx Agent" is already in your ACP agents.');
  assert.match(question?.detail ?? "", /Replacing it discards its current settings/);
  assert.deepEqual(question?.actions, ['Add as "Npx Agent (2)"', "Replace"]);
  assert.deepEqual(Object.keys(rename.written[0] ?? {}), ["Npx Agent", "Npx Agent (2)"]);
  assert.deepEqual(rename.written[0]?.["Npx Agent"], { command: "old" });

  const cancel = setup((call) => (call.kind === "pick" ? "Npx Agent" : undefined), { registry, agents });
  await cancel.run();
  assert.deepEqual(cancel.written, []);
  assert.deepEqual(
    cancel.dialogs.of("info").map((call) => call.text),
    ["Npx Agent was not added; your ACP agents are unchanged."],
  );
});

test("the name of a built-in preset is asked about as such; Replace takes the name", async () => {
  const preset = { ...npxAgent, name: "Codex" };
  const { dialogs, written, run } = setup((call) => (call.kind === "pick" ? "Codex" : "Replace"), {
    registry: registryFile([preset]),
  });
  await run();
  assert.equal(dialogs.of("confirm")[0]?.text, '"Codex" is the name of a built-in preset.');
  assert.deepEqual(Object.keys(written[0] ?? {}), ["Codex"]);
});

test("a binary is installed into the storage's agents folder, and one without a checksum is asked about first", async () => {
  const registry = registryFile([binAgent]);
  const yes = setup((call) => (call.kind === "pick" ? "Bin Agent" : "Install Without Checksum"), { registry });
  await yes.run();
  assert.deepEqual(yes.installs, [join(yes.storage, "agents")]);
  const [question] = yes.dialogs.of("confirm");
  assert.equal(question?.text, "Install Bin Agent without a checksum?");
  assert.equal(question?.detail, "no sha256 in the index");
  assert.ok(yes.dialogs.of("progress").some((call) => call.text === "Installing Bin Agent…"));
  assert.deepEqual(Object.keys(yes.written[0] ?? {}), ["Bin Agent"]);

  const no = setup((call) => (call.kind === "pick" ? "Bin Agent" : undefined), { registry });
  await no.run();
  assert.deepEqual(no.written, []);
  assert.deepEqual(
    no.dialogs.of("error").map((call) => call.text),
    ["Could not add Bin Agent: not installed"],
  );
});

test("a refused entry, or an agent with no launch for this platform, is not added and says why", async () => {
  const registry = registryFile([elsewhere, refused]);
  const picked = setup((call) => (call.kind === "pick" ? call.rows.at(-1)?.split(" | ")[0] : undefined), { registry });
  await picked.run();
  assert.match(picked.dialogs.of("error")[0]?.text ?? "", /^ACP Panel refused this registry entry: agents\[1\]: id /);
  const nowhere = setup((call) => (call.kind === "pick" ? "Elsewhere" : undefined), { registry });
  await nowhere.run();
  assert.deepEqual(
    nowhere.dialogs.of("error").map((call) => call.text),
    ["Elsewhere has no launch for this platform."],
  );
  assert.deepEqual([...picked.written, ...nowhere.written], []);
});

test("an index that can't be read says so and offers the setting; unset, the setting means the default index", async () => {
  const missing = join(scratchDir("acp-registry-missing-"), "nothing.json");
  const { dialogs, opened, run } = setup((call) => (call.kind === "error" ? "Open Settings" : undefined), {
    registry: missing,
  });
  await run();
  const [error] = dialogs.of("error");
  assert.match(
    error?.text ?? "",
    /^Could not read the ACP registry: The registry file .*nothing\.json does not exist\./,
  );
  assert.deepEqual(error?.actions, ["Open Settings"]);
  assert.deepEqual(opened, ["acpPanel.registry"]);
  assert.deepEqual(dialogs.of("pick"), []);

  // No value of the user's: the default index, which the environment may move (the offline e2e does).
  const byDefault = setup(() => undefined);
  await byDefault.run({ [DEFAULT_REGISTRY_ENV]: registryFile([npxAgent]) });
  assert.equal(byDefault.dialogs.of("pick")[0]?.placeHolder, "1 agents");
});
