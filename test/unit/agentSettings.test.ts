import { test } from "node:test";
import assert from "node:assert/strict";
import { parseAgentSettings } from "../../src/acp/agents/agentSettings";
import { grantedCapabilities } from "../../src/acp/agents/networkPolicy";
import { resolveSecretReferences } from "../../src/acp/agents/secretReferences";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";

test("valid entries become launches with defaults", () => {
  const { definitions, problems } = parseAgentSettings({ Mine: { command: "my-agent", args: ["acp"] } }, []);
  assert.deepEqual(problems, []);
  assert.deepEqual(definitions.get("Mine"), {
    name: "Mine",
    transport: "stdio",
    command: "my-agent",
    args: ["acp"],
    env: {},
    defaultConfig: {},
    mcpServers: [],
  });
});

test("an invalid entry is reported with the field at fault and skipped", () => {
  const { definitions, problems } = parseAgentSettings(
    { Good: { command: "x" }, Bad: { command: "", args: "acp" } },
    [],
  );
  assert.deepEqual([...definitions.keys()], ["Good"]);
  assert.equal(problems.length, 2);
  assert.match(problems[0]!, /^acpPanel\.agents\["Bad"\]\.command: /);
  assert.match(problems[1]!, /^acpPanel\.agents\["Bad"\]\.args: /);
});

test("a non-object setting is reported", () => {
  assert.match(parseAgentSettings(["bub"]).problems[0]!, /must be an object/);
});

test("user entries override presets by name; other presets stay available", () => {
  const { definitions } = parseAgentSettings({ Bub: { command: "/opt/bub", args: ["acp"] } });
  assert.equal(definitions.get("Bub")?.command, "/opt/bub");
  assert.equal(definitions.get("Bub")?.preset, undefined);
  assert.equal(definitions.get("Codex")?.preset, true);
  assert.equal(definitions.get("CodeBuddy")?.command, "codebuddy");
  assert.deepEqual([definitions.get("goose")?.command, definitions.get("goose")?.args], ["goose", ["acp"]]);
});

test("network transports default to Bub's endpoint and need no command", () => {
  const { definitions, problems } = parseAgentSettings({ Remote: { transport: "websocket" } }, []);
  assert.deepEqual(problems, []);
  assert.equal(definitions.get("Remote")?.url, "http://127.0.0.1:28200/acp");
});

test("bad nested fields are named precisely", () => {
  const { problems } = parseAgentSettings(
    { X: { command: "x", transport: "pigeon", mcpServers: [{ name: "", command: "m" }], defaultConfig: { model: 3 } } },
    [],
  );
  assert.ok(
    problems.some((p) => p.startsWith('acpPanel.agents["X"].transport:')),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => p.startsWith('acpPanel.agents["X"].mcpServers.0')),
    problems.join("\n"),
  );
  assert.ok(
    problems.some((p) => p.startsWith('acpPanel.agents["X"].defaultConfig.model:')),
    problems.join("\n"),
  );
});

test("network agents need https:// or wss:// unless the host is loopback", () => {
  const loopback = [
    "http://127.0.0.1:28200/acp",
    "http://127.9.8.7/acp",
    "ws://localhost:9000/acp",
    "http://[::1]:8080/acp",
    "ws://LOCALHOST/acp",
  ];
  const secure = ["https://agent.example.com/acp", "wss://agent.example.com/acp", "https://10.0.0.2/acp"];
  for (const url of [...loopback, ...secure]) {
    const { definitions, problems } = parseAgentSettings({ Remote: { transport: "http", url } }, []);
    assert.deepEqual(problems, [], url);
    assert.equal(definitions.get("Remote")?.url, url);
  }
  const refused = [
    "http://agent.example.com/acp",
    "ws://10.0.0.2/acp",
    "http://0.0.0.0:28200/acp",
    "http://localhost.example.com/acp",
    "http://127.0.0.1.example.com/acp",
    "ftp://127.0.0.1/acp",
    "file:///tmp/acp",
  ];
  for (const url of refused) {
    const { definitions, problems } = parseAgentSettings({ Remote: { transport: "websocket", url } }, []);
    assert.equal(definitions.has("Remote"), false, url);
    assert.match(problems.join("\n"), /^acpPanel\.agents\["Remote"\]\.url: .*https:\/\/ or wss:\/\/.*loopback/, url);
  }
  // A stdio agent's url is not used to connect.
  assert.deepEqual(parseAgentSettings({ Local: { command: "x", url: "http://example.com/" } }, []).problems, []);
});

test("headers: kept for the launch, with header names checked and the transport's own refused", () => {
  const { definitions, problems } = parseAgentSettings(
    {
      Remote: {
        transport: "http",
        url: "https://agent.example.com/acp",
        headers: { Authorization: "Bearer ${secret:token}", "X-Team": "blue" },
      },
    },
    [],
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(definitions.get("Remote")?.headers, { Authorization: "Bearer ${secret:token}", "X-Team": "blue" });
  assert.equal(parseAgentSettings({ Plain: { command: "x" } }, []).definitions.get("Plain")?.headers, undefined);
  for (const [name, value] of [
    ["Bad Name", "x"],
    ["Acp-Session-Id", "s"],
    ["host", "evil"],
    ["Sec-WebSocket-Key", "k"],
    ["X-Ok", "line\r\nInjected: yes"],
  ]) {
    const parsed = parseAgentSettings({ Remote: { transport: "http", headers: { [name!]: value } } }, []);
    assert.equal(parsed.definitions.has("Remote"), false, name);
    assert.match(parsed.problems.join("\n"), /^acpPanel\.agents\["Remote"\]\.headers/, name);
  }
});

test("capabilities: stdio and loopback agents get fs and terminal; other network agents only what their entry enables", () => {
  const granted = (entry: object) => {
    const { definitions, problems } = parseAgentSettings({ A: entry }, []);
    assert.deepEqual(problems, []);
    return grantedCapabilities(definitions.get("A")!);
  };
  assert.deepEqual(granted({ command: "x" }), { fs: true, terminal: true });
  assert.deepEqual(
    granted({ transport: "websocket" }),
    { fs: true, terminal: true },
    "Bub's default endpoint is loopback",
  );
  assert.deepEqual(granted({ transport: "http", url: "http://localhost:1/acp" }), { fs: true, terminal: true });
  assert.deepEqual(granted({ transport: "http", url: "https://agent.example.com/acp" }), {
    fs: false,
    terminal: false,
  });
  assert.deepEqual(granted({ transport: "http", url: "https://agent.example.com/acp", capabilities: { fs: true } }), {
    fs: true,
    terminal: false,
  });
  assert.deepEqual(granted({ command: "x", capabilities: { terminal: false } }), { fs: true, terminal: false });
  assert.deepEqual(granted({ transport: "websocket", capabilities: { fs: false, terminal: false } }), {
    fs: false,
    terminal: false,
  });
  assert.match(
    parseAgentSettings({ A: { command: "x", capabilities: { fs: "yes" } } }, []).problems.join("\n"),
    /^acpPanel\.agents\["A"\]\.capabilities\.fs/,
  );
  assert.match(
    parseAgentSettings({ A: { command: "x", capabilities: { network: true } } }, []).problems.join("\n"),
    /^acpPanel\.agents\["A"\]\.capabilities/,
  );
});

test("secret references: a whole value in env, anywhere in a header value; a missing one is named", async () => {
  const secrets: Record<string, string> = { token: "t0k", multi: "a\nInjected: yes" };
  const lookup = async (name: string) => secrets[name];
  assert.deepEqual(
    await resolveSecretReferences({ KEY: "${secret:token}", LITERAL: "x ${secret:token}" }, lookup, "env"),
    { KEY: "t0k", LITERAL: "x ${secret:token}" },
  );
  assert.deepEqual(
    await resolveSecretReferences(
      { Authorization: "Bearer ${secret:token}", Both: "${secret:token}:${secret:token}" },
      lookup,
      "headers",
    ),
    { Authorization: "Bearer t0k", Both: "t0k:t0k" },
  );
  await assert.rejects(
    resolveSecretReferences({ Authorization: "Bearer ${secret:absent}" }, lookup, "headers"),
    /The secret "absent" used by Authorization is not set/,
  );
  await assert.rejects(
    resolveSecretReferences({ "X-Key": "${secret:multi}" }, lookup, "headers"),
    /contains a line break/,
  );
});

test("systemPrompt: a string appends, an object picks its mode, anything else is reported", () => {
  const { definitions, problems } = parseAgentSettings(
    {
      Plain: { command: "a", systemPrompt: "Be brief." },
      Strict: { command: "b", systemPrompt: { mode: "override", text: "Only haiku." } },
      Bad: { command: "c", systemPrompt: { mode: "replace", text: "x" } },
    },
    [],
  );
  assert.deepEqual(definitions.get("Plain")?.systemPrompt, { mode: "append", text: "Be brief." });
  assert.deepEqual(definitions.get("Strict")?.systemPrompt, { mode: "override", text: "Only haiku." });
  assert.ok(
    problems.some((p) => p.startsWith('acpPanel.agents["Bad"].systemPrompt')),
    problems.join("\n"),
  );
});

test("systemPrompt: the package.json schema describes the setting the parser accepts", () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const entry = manifest.contributes.configuration.flatMap?.((c: { properties: Record<string, unknown> }) => [
    c.properties,
  ]) ?? [manifest.contributes.configuration.properties];
  const agents = entry.find((p: Record<string, unknown>) => p["acpPanel.agents"])["acpPanel.agents"];
  const schema = agents.additionalProperties.properties.systemPrompt;
  assert.deepEqual(
    schema.oneOf.map((o: { type: string }) => o.type),
    ["string", "object"],
  );
  assert.deepEqual(schema.oneOf[1].properties.mode.enum, ["append", "override"]);
});
