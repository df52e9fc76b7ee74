import { test } from "node:test";
import assert from "node:assert/strict";
import { missingAgentDetails, remoteSettingsHint } from "../../src/acp/agents/remoteAgentSettings";
import { resolveLaunch } from "../../src/acp/sessions/sessionOpening";
import type { AgentCatalog, WorkspacePort } from "../../src/acp/ports";

test("a remote window with no configured agent gets the hint, naming the remote", () => {
  assert.deepEqual(remoteSettingsHint("ssh-remote", 0), { remoteName: "ssh-remote" });
});

test("no hint in a local window, or when the remote's settings configure an agent", () => {
  assert.equal(remoteSettingsHint(undefined, 0), undefined);
  assert.equal(remoteSettingsHint("", 0), undefined);
  assert.equal(remoteSettingsHint("wsl", 1), undefined);
});

test("the missing-agent details point at Remote Settings in a remote window, at user settings locally", () => {
  assert.match(missingAgentDetails("wsl"), /remote window \(wsl\)/);
  assert.match(missingAgentDetails("wsl"), /Remote Settings/);
  assert.match(missingAgentDetails("wsl"), /local User settings do not apply/);
  assert.doesNotMatch(missingAgentDetails(undefined), /remote/i);
  assert.match(missingAgentDetails(undefined), /user settings/);
});

test('"No agent named … is configured" carries the remote explanation when the workspace is remote', async () => {
  const catalog: AgentCatalog = { names: () => [], defaultAgent: () => undefined, definition: () => undefined };
  const workspace: WorkspacePort = { cwd: () => "/w", roots: () => ["/w"], remoteName: () => "ssh-remote" };
  const report = await resolveLaunch({ catalog, workspace }, "Claude");
  assert.ok(!("definition" in report));
  assert.equal(report.message, 'No agent named "Claude" is configured.');
  assert.match(report.details ?? "", /remote window \(ssh-remote\)/);
});
