/**
 * A failed start of a missing command (issue 29): the failure says the command was not found, the
 * panel state keeps that, and the way out is Install (or the command to copy), not Restart. An
 * installed preset runs its program from the storage; the others keep their bare command.
 */
import * as assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, it } from "node:test";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import { installOffer, withInstalledPresets } from "../../src/acp/agents/installedPresets";
import { npmInstallPlan } from "../../src/acp/agents/npmInstallPlan";
import { presetInstalls, type NpmPresetInstall } from "../../src/acp/agents/presetInstalls";
import { describeStartFailure } from "../../src/acp/client/connection/agentErrors";
import { TabNotes } from "../../src/acp/sessions/tabNotes";
import { initialPanelState, reducePanel, type PanelAction } from "../../src/shared/wire/panelState";
import { startRemedy } from "../../src/shared/wire/startRemedy";
import { scratchDir } from "../support/scratchDir";

const enoent = Object.assign(new Error("spawn claude-agent-acp ENOENT"), { code: "ENOENT" });
const claudeLaunch = { name: "Claude", command: "claude-agent-acp", args: [], env: {} };

describe("a start whose command was not found", () => {
  it("is reported as a missing command, and the panel state keeps it", () => {
    const report = describeStartFailure(claudeLaunch, enoent);
    assert.equal(report.missingCommand, true);
    assert.match(report.message, /the command "claude-agent-acp" was not found/);
    const actions: PanelAction[] = [];
    new TabNotes((action) => actions.push(action)).failed("Claude", report);
    const state = actions.reduce(reducePanel, initialPanelState);
    assert.equal(state.connection.status, "failed");
    assert.equal(state.connection.status === "failed" && state.connection.missingCommand, true);
  });

  it("other start failures are not", () => {
    const report = describeStartFailure(claudeLaunch, Object.assign(new Error("denied"), { code: "EACCES" }));
    assert.equal(report.missingCommand, undefined);
    const actions: PanelAction[] = [];
    new TabNotes((action) => actions.push(action)).failed("Claude", report);
    assert.equal("missingCommand" in (actions.reduce(reducePanel, initialPanelState).connection as object), false);
  });
});

describe("startRemedy", () => {
  const catalog = agentPresets.map((preset) => ({ name: preset.name, install: installOffer(preset) }));

  it("offers Install for a missing npm preset, with its pinned spec and page", () => {
    const remedy = startRemedy({ agent: "Claude", missingCommand: true }, catalog);
    assert.equal(remedy.kind, "install");
    assert.deepEqual(remedy.kind === "install" && remedy.offer, {
      kind: "npm",
      spec: "@zed-industries/claude-agent-acp@0.23.1",
      command: "npm install -g @zed-industries/claude-agent-acp@0.23.1",
      page: "https://github.com/zed-industries/claude-agent-acp",
    });
  });

  it("offers the command to copy for a preset the panel does not install", () => {
    const remedy = startRemedy({ agent: "Bub", missingCommand: true }, catalog);
    assert.equal(remedy.kind, "copy");
    assert.equal(remedy.kind === "copy" && remedy.offer.command, "pip install bub-acp-server");
  });

  it("offers the settings for the user's own agent, and Restart for any other failure", () => {
    assert.deepEqual(startRemedy({ agent: "Mine", missingCommand: true }, catalog), { kind: "settings" });
    assert.deepEqual(startRemedy({ agent: "Claude" }, catalog), { kind: "restart" });
  });

  it("the user's own agent named like a preset gets no install offer", () => {
    assert.equal(installOffer({ ...agentPresets[0]!, preset: false }), undefined);
  });
});

describe("presets installed by the panel", () => {
  it("run their program from the storage and offer no install; the others are unchanged", () => {
    const storage = scratchDir("acp-presets-");
    const claude = presetInstalls.Claude as NpmPresetInstall;
    const program = npmInstallPlan(claude, storage).command;
    mkdirSync(dirname(program), { recursive: true });
    writeFileSync(program, "#!/bin/sh\n", { mode: 0o755 });
    const presets = withInstalledPresets(agentPresets, storage);
    const installed = presets.find((preset) => preset.name === "Claude")!;
    assert.equal(installed.command, program);
    assert.equal(installed.managed, true);
    assert.equal(installOffer(installed), undefined);
    const codex = presets.find((preset) => preset.name === "Codex")!;
    assert.equal(codex.command, "codex-acp");
    assert.equal(codex.managed, undefined);
    assert.deepEqual(withInstalledPresets(agentPresets, undefined), [...agentPresets]);
  });
});
