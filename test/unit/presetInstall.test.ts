/**
 * Installing a preset's npm package (issue 29, "the first minute"): the catalogue pins exact
 * versions of plain package names; the plan installs into the extension's storage, never
 * globally, with no install scripts but the preset's own where it needs one; and a real npm run
 * against a registry stand-in on 127.0.0.1 shows what that means: no repository `.npmrc` is read,
 * no dependency's script runs, a failed or cancelled install leaves nothing installed.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { agentPresets } from "../../src/acp/agents/agentPresets";
import {
  InstallCancelledError,
  NpmMissingError,
  installNpmPreset,
  installedPresetCommand,
  manualInstallCommand,
} from "../../src/acp/agents/npmInstall";
import { npmInstallPlan } from "../../src/acp/agents/npmInstallPlan";
import { pinnedSpec, presetInstalls, type NpmPresetInstall } from "../../src/acp/agents/presetInstalls";
import { startRegistryStandIn, type RegistryStandIn } from "../support/npmRegistryStandIn";
import { scratchDir } from "../support/scratchDir";

const npmPresets = ["Claude", "Codex", "Gemini CLI", "Qwen Code", "Copilot CLI", "OpenCode"];

describe("preset install catalogue", () => {
  it("gives every preset a way to install: npm for the six npm agents, a command and a page for the rest", () => {
    for (const preset of agentPresets) {
      const install = presetInstalls[preset.name];
      assert.ok(install, `${preset.name} has an install entry`);
      assert.match(install.page, /^https:\/\//);
      if (npmPresets.includes(preset.name)) {
        assert.equal(install.kind, "npm", preset.name);
        // The preset runs the program the package installs.
        assert.equal((install as NpmPresetInstall).bin, preset.command, preset.name);
      } else assert.equal(install.kind, "manual", preset.name);
    }
  });

  it("pins an exact version of a plain package name, and refuses ranges, tags and other specs", () => {
    for (const name of npmPresets) {
      const install = presetInstalls[name] as NpmPresetInstall;
      assert.match(pinnedSpec(install), /^(@[a-z0-9-]+\/)?[a-z0-9.-]+@\d+\.\d+\.\d+$/, name);
    }
    const base: NpmPresetInstall = { kind: "npm", packageName: "x", version: "1.0.0", bin: "x", page: "https://x" };
    for (const version of ["^1.0.0", "latest", "1.x", "*", ">=1", "1.0.0 || 2.0.0"])
      assert.throws(() => pinnedSpec({ ...base, version }), /exact version/, version);
    for (const packageName of ["git+https://host/x.git", "file:../x", "../x", "X Y", "@a/b/c"])
      assert.throws(() => pinnedSpec({ ...base, packageName }), /package name/, packageName);
    assert.throws(() => pinnedSpec({ ...base, bin: "../evil" }), /program name/);
  });
});

describe("npm install plan", () => {
  const claude = presetInstalls.Claude as NpmPresetInstall;

  it("installs into the storage, never globally, without install scripts", () => {
    const plan = npmInstallPlan(claude, "/storage");
    assert.equal(plan.directory, join("/storage/presets/zed-industries+claude-agent-acp/0.23.1"));
    assert.equal(plan.command, join(plan.directory, "node_modules/.bin/claude-agent-acp"));
    const steps = plan.steps("/storage/presets/x/.staging-1");
    assert.equal(steps.length, 1);
    const args = steps[0]!.args;
    assert.deepEqual(args.slice(0, 2), ["install", "@zed-industries/claude-agent-acp@0.23.1"]);
    assert.equal(args[args.indexOf("--prefix") + 1], "/storage/presets/x/.staging-1");
    for (const flag of ["--global=false", "--ignore-scripts", "--save-exact", "--workspaces=false"])
      assert.ok(args.includes(flag), flag);
    assert.equal(manualInstallCommand(claude), "npm install -g @zed-industries/claude-agent-acp@0.23.1");
  });

  it("runs only the preset package's own install script where it needs one (npm rebuild <spec>)", () => {
    const steps = npmInstallPlan(presetInstalls.OpenCode as NpmPresetInstall, "/s").steps("/s/stage");
    assert.equal(steps.length, 2);
    assert.ok(steps[0]!.args.includes("--ignore-scripts"));
    assert.deepEqual(steps[1]!.args.slice(0, 2), ["rebuild", "opencode-ai@1.18.33"]);
  });
});

describe("npm install against a registry stand-in on 127.0.0.1", { timeout: 120_000 }, () => {
  let registry: RegistryStandIn;
  const npmPath = process.env.PATH;
  const preset: NpmPresetInstall = {
    kind: "npm",
    packageName: "@fake/agent-acp",
    version: "1.2.3",
    bin: "fake-agent-acp",
    page: "https://example.invalid",
  };
  let markers: string;

  before(async () => {
    markers = scratchDir("acp-npm-markers-");
    const mark = (name: string) =>
      `node -e "require('fs').writeFileSync(require('path').join(process.env.MARKERS, '${name}'), '')"`;
    registry = await startRegistryStandIn([
      {
        name: "@fake/agent-acp",
        version: "1.2.3",
        bin: { "fake-agent-acp": "bin/agent.js" },
        dependencies: { "fake-dep": "1.0.0" },
        scripts: { postinstall: mark("own-script") },
        files: { "bin/agent.js": "#!/usr/bin/env node\nconsole.log('fake agent ' + require('fake-dep'));\n" },
      },
      {
        name: "fake-dep",
        version: "1.0.0",
        scripts: { postinstall: mark("dependency-script") },
        files: { "index.js": "module.exports = 'with its dependency';\n" },
      },
      { name: "@fake/no-bin", version: "1.0.0", files: { "index.js": "" } },
    ]);
  });

  after(async () => {
    await registry.stop();
  });

  /**
   * A storage folder inside a "repository" whose .npmrc sends the package's scope to a dead
   * registry (a scoped registry: npm_config_registry in the environment would not override it).
   */
  function storageInRepository(): string {
    const repo = scratchDir("acp-npm-repo-");
    writeFileSync(join(repo, ".npmrc"), "@fake:registry=http://127.0.0.1:9/\n");
    writeFileSync(join(repo, "package.json"), "{}\n");
    const storage = join(repo, "globalStorage");
    mkdirSync(storage);
    return storage;
  }

  const env = () => ({
    npm_config_registry: registry.url,
    npm_config_cache: scratchDir("acp-npm-cache-"),
    npm_config_userconfig: join(scratchDir("acp-npm-home-"), ".npmrc"),
    MARKERS: markers,
  });

  it("installs the pinned package into the storage, runs no script, and the program works", async () => {
    const storage = storageInRepository();
    assert.equal(installedPresetCommand(preset, storage), undefined);
    const steps: string[] = [];
    const command = await installNpmPreset(preset, {
      storage,
      pathValue: npmPath,
      env: env(),
      progress: (s) => steps.push(s),
    });
    assert.equal(command, join(storage, "presets/fake+agent-acp/1.2.3/node_modules/.bin/fake-agent-acp"));
    assert.equal(installedPresetCommand(preset, storage), command);
    assert.equal(execFileSync(command, { encoding: "utf8" }), "fake agent with its dependency\n");
    assert.deepEqual(readdirSync(markers), [], "no install script ran");
    assert.ok(registry.requests.includes("/@fake/agent-acp"), "fetched from the stand-in, not the repo's registry");
    assert.deepEqual(readdirSync(join(storage, "presets/fake+agent-acp")), ["1.2.3"], "no staging folder left");
    assert.deepEqual(steps, ["npm install @fake/agent-acp@1.2.3"]);
  });

  it("with ownInstallScript, runs the package's own script and not its dependency's", async () => {
    const storage = storageInRepository();
    await installNpmPreset({ ...preset, ownInstallScript: true }, { storage, pathValue: npmPath, env: env() });
    assert.deepEqual(readdirSync(markers), ["own-script"]);
  });

  it("a package without the program, or one the registry lacks, leaves nothing installed", async () => {
    const storage = storageInRepository();
    const noBin: NpmPresetInstall = { ...preset, packageName: "@fake/no-bin", version: "1.0.0" };
    await assert.rejects(
      installNpmPreset(noBin, { storage, pathValue: npmPath, env: env() }),
      /has no program "fake-agent-acp"/,
    );
    const missing: NpmPresetInstall = { ...preset, packageName: "@fake/missing" };
    await assert.rejects(
      installNpmPreset(missing, { storage, pathValue: npmPath, env: env() }),
      /npm install @fake\/missing@1\.2\.3 failed \(exit code \d+\)\. Nothing was installed\.\n.*404/s,
    );
    for (const name of ["fake+no-bin", "fake+missing"])
      assert.deepEqual(readdirSync(join(storage, "presets", name)), [], `${name}: no folder left`);
  });

  it("Cancel stops npm and leaves nothing installed", async () => {
    const storage = storageInRepository();
    const controller = new AbortController();
    const installing = installNpmPreset(preset, {
      storage,
      pathValue: npmPath,
      env: env(),
      signal: controller.signal,
    });
    // npm is running and has asked the registry for the package: now Cancel.
    registry.onRequest = () => controller.abort();
    await assert.rejects(installing, InstallCancelledError);
    registry.onRequest = undefined;
    assert.equal(installedPresetCommand(preset, storage), undefined);
    assert.ok(!existsSync(join(storage, "presets/fake+agent-acp/1.2.3")));
  });

  it("without npm on PATH, says so with what to install and the command to run by hand", async () => {
    const storage = storageInRepository();
    const error = await installNpmPreset(preset, { storage, pathValue: scratchDir("acp-empty-path-") }).catch(
      (e: unknown) => e,
    );
    assert.ok(error instanceof NpmMissingError);
    assert.match(error.message, /npm was not found on your PATH.*Install Node\.js \(it includes npm\)/);
    assert.equal(error.command, "npm install -g @fake/agent-acp@1.2.3");
  });
});
