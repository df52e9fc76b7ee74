/**
 * The agents the panel offers, from the settings port (agents/settingsAgentCatalog.ts), and the
 * first-run view's list of them (sessions/agentCatalogMessage.ts): which agent a tab starts with,
 * which presets count as installed, the setting's problems logged once, and what the list shows.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SettingsAgentCatalog } from "../../src/acp/agents/settingsAgentCatalog";
import { npmInstallPlan } from "../../src/acp/agents/npmInstallPlan";
import { presetInstallFor } from "../../src/acp/agents/presetInstalls";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import { agentCatalogMessage } from "../../src/acp/sessions/agentCatalogMessage";
import { MemoryLogger } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";

function executable(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o755);
}

/** A PATH holding only `programs`. */
function pathWith(...programs: string[]): string {
  const bin = scratchDir("acp-catalog-bin-");
  for (const program of programs) executable(join(bin, program));
  return bin;
}

function catalogOf(agents: unknown, defaultAgent = "", options: { path?: string; storage?: string } = {}) {
  const logger = new MemoryLogger();
  const catalog = new SettingsAgentCatalog(
    { agents: () => agents as Record<string, unknown>, defaultAgent: () => defaultAgent },
    logger,
    () => options.path ?? pathWith(),
    options.storage,
  );
  return { catalog, logger };
}

test("a tab starts with the configured default, else the first configured agent, else none", () => {
  const agents = { Mine: { command: "mine" }, Other: { command: "other" } };
  assert.equal(catalogOf(agents, "Other").catalog.defaultAgent(), "Other");
  assert.equal(catalogOf(agents, "Missing").catalog.defaultAgent(), "Mine");
  assert.equal(catalogOf(agents).catalog.defaultAgent(), "Mine");
  assert.equal(catalogOf({}).catalog.defaultAgent(), undefined, "a preset found on PATH is offered, not started");
});

test("offered: the configured agents and the presets found on PATH; listed: every agent", () => {
  const { catalog } = catalogOf({ Mine: { command: "mine" } }, "", { path: pathWith("codex-acp") });
  assert.deepEqual(catalog.names(), ["Mine", "Codex"]);
  assert.equal(catalog.all().length, agentPresets.length + 1);
});

test("a preset the panel installed into its storage is managed, offered, and started when nothing is configured", () => {
  const storage = scratchDir("acp-catalog-storage-");
  const install = presetInstallFor(agentPresets.find((preset) => preset.name === "Codex")!);
  assert.equal(install?.kind, "npm");
  if (install?.kind !== "npm") return;
  executable(npmInstallPlan(install, storage).command);
  const { catalog } = catalogOf({}, "", { storage });
  assert.equal(catalog.definition("Codex")?.managed, true);
  assert.deepEqual(catalog.names(), ["Codex"]);
  assert.equal(catalog.defaultAgent(), "Codex");
  const listed = agentCatalogMessage(catalog, undefined);
  const codex = listed.type === "agents/catalog" ? listed.agents.find((agent) => agent.name === "Codex") : undefined;
  assert.deepEqual(
    [codex?.command, codex?.managed, codex?.installed, codex?.install],
    ["codex-acp", true, true, undefined],
  );
});

test("the setting's problems are logged once, however often the catalog is read", () => {
  const { catalog, logger } = catalogOf({ Broken: { args: ["x"] } });
  catalog.names();
  catalog.defaultAgent();
  assert.deepEqual(catalog.problems(), ['acpPanel.agents["Broken"].command: is required for the "stdio" transport']);
  assert.deepEqual(logger.lines, ['warn acpPanel.agents["Broken"].command: is required for the "stdio" transport']);
});

test("the first-run list: each agent's command line (a URL without its credentials), how to install a preset, and the problems", () => {
  const { catalog } = catalogOf(
    {
      Mine: { command: "mine", args: ["--acp"] },
      Remote: { transport: "http", url: "https://user:secret@agents.example/acp" },
      Broken: { command: 3 },
    },
    "",
    { path: pathWith("mine") },
  );
  const message = agentCatalogMessage(catalog, undefined);
  assert.equal(message.type, "agents/catalog");
  if (message.type !== "agents/catalog") return;
  const byName = new Map(message.agents.map((agent) => [agent.name, agent]));
  assert.deepEqual(byName.get("Mine"), { name: "Mine", command: "mine --acp", preset: false, installed: true });
  assert.equal(byName.get("Remote")?.command, "https://agents.example/acp");
  const codex = byName.get("Codex");
  assert.deepEqual([codex?.preset, codex?.installed, codex?.install?.kind], [true, false, "npm"]);
  assert.equal(message.problems.length, 1);
  assert.equal(message.remote, undefined);
});

test("in a remote window with no agent configured, the list says the agents come from the remote's settings", () => {
  const remote = agentCatalogMessage(catalogOf({}).catalog, "ssh-remote");
  assert.deepEqual(remote.type === "agents/catalog" && remote.remote, { remoteName: "ssh-remote" });
  const configured = agentCatalogMessage(catalogOf({ Mine: { command: "mine" } }).catalog, "ssh-remote");
  assert.equal(configured.type === "agents/catalog" ? configured.remote : "?", undefined);
});
