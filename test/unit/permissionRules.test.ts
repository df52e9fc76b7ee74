/** Saved permission rules: symlinks resolved before "inside the workspace", rules keyed by a stable agent id. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { agentIdOf, type AgentRef } from "../../src/acp/agents/agentIdentity";
import {
  describeRule,
  folderUri,
  matchingRule,
  migrateNameKeyedRules,
  type PermissionRule,
} from "../../src/acp/agents/permissionRuleDecision";
import { scratchDir } from "../support/scratchDir";

const root = realpathSync(scratchDir("acp-rules-root-"));
const home = realpathSync(scratchDir("acp-rules-home-"));
mkdirSync(join(home, ".ssh"));
writeFileSync(join(home, ".ssh", "id_rsa"), "PRIVATE");
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src", "a.ts"), "x");
// The repository ships `docs -> ~/.ssh`.
symlinkSync(join(home, ".ssh"), join(root, "docs"));

const claude = { name: "Claude", transport: "stdio" as const, command: "claude-agent-acp", args: [] };
const AGENT: AgentRef = { name: "Claude", id: agentIdOf(claude) };
const editInside: PermissionRule = {
  agent: "Claude",
  agentId: AGENT.id,
  toolKind: "edit",
  decision: "allow_once",
  insideWorkspaceOnly: true,
  folders: [folderUri(root)],
};

function editOf(...paths: string[]): acp.RequestPermissionRequest {
  return {
    sessionId: "s",
    toolCall: { toolCallId: "t", title: "Edit", kind: "edit", locations: paths.map((path) => ({ path })) },
    options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }],
  };
}

test("an edit inside the workspace matches an inside-only rule", async () => {
  assert.equal(await matchingRule([editInside], AGENT, editOf(join(root, "src", "a.ts")), [root]), editInside);
  assert.equal(
    await matchingRule([editInside], AGENT, editOf(join(root, "src", "new.ts")), [root]),
    editInside,
    "a new file too",
  );
});

test("a repo symlink docs -> ~/.ssh is outside: the inside-only rule does not answer", async () => {
  assert.equal(await matchingRule([editInside], AGENT, editOf(join(root, "docs", "id_rsa")), [root]), undefined);
  assert.equal(
    await matchingRule([editInside], AGENT, editOf(join(root, "docs", "authorized_keys")), [root]),
    undefined,
    "a new file behind the link too",
  );
  assert.equal(
    await matchingRule([editInside], AGENT, editOf(join(root, "src", "a.ts"), join(root, "docs", "id_rsa")), [root]),
    undefined,
    "every location must be inside",
  );
});

test("a workspace opened through a symlink still counts its own files as inside", async () => {
  const alias = join(home, "ws-alias");
  symlinkSync(root, alias);
  const savedThere = { ...editInside, folders: [folderUri(alias)] };
  assert.equal(await matchingRule([savedThere], AGENT, editOf(join(root, "src", "a.ts")), [alias]), savedThere);
});

test(".. escapes, relative paths and malformed locations are never inside", async () => {
  assert.equal(await matchingRule([editInside], AGENT, editOf(join(root, "src", "..", "..", "x")), [root]), undefined);
  assert.equal(await matchingRule([editInside], AGENT, editOf("src/a.ts"), [root]), undefined);
  const malformed = {
    ...editOf(),
    toolCall: { toolCallId: "t", kind: "edit" as const, locations: [{ path: 42 }] },
  } as unknown as acp.RequestPermissionRequest;
  assert.equal(await matchingRule([editInside], AGENT, malformed, [root]), undefined);
  assert.equal(await matchingRule([editInside], AGENT, editOf(), [root]), undefined, "no location: not inside");
});

test("rules are keyed by the agent's stable id: another program under the same name does not inherit them", async () => {
  const impostor: AgentRef = { name: "Claude", id: agentIdOf({ ...claude, command: "npx", args: ["-y", "evil-acp"] }) };
  const request = editOf(join(root, "src", "a.ts"));
  assert.equal(await matchingRule([editInside], impostor, request, [root]), undefined);
  const renamed: AgentRef = { name: "Claude (work)", id: agentIdOf(claude) };
  assert.equal(
    await matchingRule([editInside], renamed, request, [root]),
    editInside,
    "the same program renamed keeps its rules",
  );
});

test("the id follows what runs: command, args, transport and URL, not env or the name", () => {
  const base = { transport: "stdio" as const, command: "gemini", args: ["--acp"] };
  assert.equal(agentIdOf(base), agentIdOf({ ...base }));
  assert.notEqual(agentIdOf(base), agentIdOf({ ...base, args: ["--acp", "--yolo"] }));
  assert.notEqual(agentIdOf(base), agentIdOf({ ...base, command: "gemini2" }));
  assert.notEqual(
    agentIdOf({ transport: "http", command: "", args: [], url: "http://127.0.0.1:1/acp" }),
    agentIdOf({ transport: "http", command: "", args: [], url: "http://127.0.0.1:2/acp" }),
  );
  assert.notEqual(
    agentIdOf({ transport: "stdio", command: "a b", args: [] }),
    agentIdOf({ transport: "stdio", command: "a", args: ["b"] }),
    "no ambiguity between command and args",
  );
});

test("a rule saved by name only (before ids) matches nothing until migrated, then belongs to the agent named so at migration", async () => {
  const legacy: PermissionRule = {
    agent: "Claude",
    toolKind: "edit",
    decision: "allow_once",
    insideWorkspaceOnly: false,
  };
  const request = editOf(join(root, "src", "a.ts"));
  assert.equal(await matchingRule([legacy], AGENT, request, [root]), undefined);
  const orphan: PermissionRule = { ...legacy, agent: "Gone" };
  const { rules, changed } = migrateNameKeyedRules([legacy, orphan], (name) =>
    name === "Claude" ? AGENT.id : undefined,
  );
  assert.equal(changed, true);
  assert.deepEqual(
    rules,
    [{ ...legacy, agentId: AGENT.id }, orphan],
    "an agent no longer configured keeps its rule unbound (listed, never matching)",
  );
  assert.equal(await matchingRule(rules, AGENT, request, [root]), rules[0]);
  assert.equal(migrateNameKeyedRules([rules[0]!], () => "other").changed, false, "bound rules never move");
});

test("an agent without an id (no definition) gets no rule", async () => {
  const anyRule: PermissionRule = { ...editInside, insideWorkspaceOnly: false };
  assert.equal(
    await matchingRule([anyRule], { name: "Claude", id: "" }, editOf(join(root, "src", "a.ts")), [root]),
    undefined,
  );
});

test('"inside this workspace only" answers only in the folders it was saved in: a rule from repo A is not used in repo B', async () => {
  const repoB = realpathSync(scratchDir("acp-rules-repo-b-"));
  writeFileSync(join(repoB, "b.ts"), "x");
  const inB = editOf(join(repoB, "b.ts"));
  assert.equal(await matchingRule([editInside], AGENT, inB, [repoB]), undefined, "saved in A, asked in B");
  assert.equal(await matchingRule([editInside], AGENT, inB, [root, repoB]), undefined, "A and B open, edit in B");
  assert.equal(await matchingRule([editInside], AGENT, editOf(join(root, "src", "a.ts")), [root, repoB]), editInside);
  const { folders: _saved, ...unbound } = editInside;
  assert.equal(
    await matchingRule([unbound], AGENT, editOf(join(root, "src", "a.ts")), [root]),
    undefined,
    "a rule saved before folders were stored is tied to no folder: it never answers",
  );
  assert.match(describeRule(editInside), new RegExp(`inside ${root.split("/").pop()}`));
  assert.match(describeRule(unbound), /no folder/);
});
