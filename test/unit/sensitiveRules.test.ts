/**
 * Issue 14 item 5 for agents that write files themselves: a saved "allow" rule never answers a
 * permission request whose locations include a sensitive file inside the workspace (.git/,
 * .vscode/, .env*, package-manager config); the request is shown to the user instead. Reject
 * rules and ordinary files are unaffected.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { AgentServices } from "../../src/acp/client/session/agentServices";
import { scratchDir } from "../support/scratchDir";
import type { PermissionRules } from "../../src/acp/ports";

const ROOT = "/home/dev/project";

/** Resolves "shown" once the condition holds, polled each macrotask until `settled` (the rules decide asynchronously). */
async function waitUntil(condition: () => boolean, settled: () => boolean): Promise<"shown" | undefined> {
  while (!condition()) {
    if (settled()) return undefined;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return "shown";
}
const OPTIONS: acp.PermissionOption[] = [
  { optionId: "yes", name: "Allow", kind: "allow_once" },
  { optionId: "no", name: "Reject", kind: "reject_once" },
];

function services(decision: "allow_once" | "reject_once", roots: readonly string[] = [ROOT]) {
  const shown: string[] = [];
  const rules: PermissionRules = { decide: async () => ({ decision, rule: `always ${decision}` }) };
  const agentServices = new AgentServices({
    agent: "A",
    ports: { permissionRules: rules, terminals: false },
    dispatch: (_sessionId, action) => {
      if (action.type === "permission/requested") shown.push(action.requestId);
    },
    newId: () => "entry",
    roots: () => roots,
  });
  /** "auto" when a rule answered, "shown" when the user is asked. */
  const ask = async (path: string, kind: acp.ToolKind = "edit"): Promise<string> => {
    const before = shown.length;
    const answer = agentServices.permissions.request(
      {
        sessionId: "s",
        toolCall: { toolCallId: `t-${path}`, kind, locations: [{ path: "/home/dev/project/src/a.ts" }, { path }] },
        options: OPTIONS,
      },
      new AbortController().signal,
    );
    // A request the user must answer is shown (and stays unanswered); a ruled one settles.
    let done = false;
    const settled = answer.then((response) => {
      done = true;
      return response;
    });
    if (
      (await waitUntil(
        () => shown.length > before,
        () => done,
      )) === "shown"
    )
      return "shown";
    const { outcome } = await settled;
    return `auto ${outcome.outcome === "selected" ? outcome.optionId : outcome.outcome}`;
  };
  return { ask, dispose: () => agentServices.dispose() };
}

test("an allow rule does not answer for a sensitive file inside the workspace: the user is asked", async () => {
  const { ask, dispose } = services("allow_once");
  for (const name of [
    ".git/hooks/pre-commit",
    ".git/config",
    ".vscode/tasks.json",
    ".env.local",
    ".npmrc",
    "sub/.yarnrc.yml",
    "pip.conf",
    "uv.toml",
  ]) {
    assert.equal(await ask(`${ROOT}/${name}`), "shown", name);
  }
  assert.equal(await ask(`${ROOT}/src/b.ts`), "auto yes", "ordinary files keep the rule");
  assert.equal(await ask(`${ROOT}/.gitignore`), "auto yes");
  await dispose();
});

test("a reject rule still applies to sensitive files, and reads are not affected", async () => {
  const rejecting = services("reject_once");
  assert.equal(await rejecting.ask(`${ROOT}/.git/config`), "auto no");
  await rejecting.dispose();
  const reading = services("allow_once");
  assert.equal(await reading.ask(`${ROOT}/.vscode/settings.json`, "read"), "auto yes", "item 5 is about writes");
  await reading.dispose();
});

test("a symlink cannot hide a sensitive location from the guard", async () => {
  const root = realpathSync(scratchDir("acp-rules-link-"));
  mkdirSync(join(root, ".git"));
  symlinkSync(join(root, ".git"), join(root, "harmless"));
  const { ask, dispose } = services("allow_once", [root]);
  assert.equal(await ask(join(root, "harmless/hooks/pre-commit")), "shown");
  await dispose();
});
