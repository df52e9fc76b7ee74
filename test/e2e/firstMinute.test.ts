/**
 * The first minute in real VS Code (issue 29), from an empty storage and with no agent in the
 * settings: the Claude preset offers Install; Install fetches its pinned package from an npm
 * registry stand-in on 127.0.0.1 (the fake ACP agent, packed as
 * `@zed-industries/claude-agent-acp@0.23.1`) into the extension's global storage, starts it,
 * and the first prompt gets an answer. No setting is written, by hand or by the panel.
 */
import * as assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { screenshot } from "../harness/browser";
import { sendPrompt } from "../harness/chat";
import { extensionId, fakeAgentScript } from "../harness/paths";
import { startRegistryStandIn, type RegistryStandIn } from "../support/npmRegistryStandIn";
import { turnEnded } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";

const PACKAGE = "@zed-industries/claude-agent-acp";

describe("the first minute in VS Code: Install, then the first answer", { timeout: 300_000 }, () => {
  let registry: RegistryStandIn | undefined;
  const e2e = useE2e({
    label: "first-minute",
    files: {
      "README.md": "# first minute e2e\n",
      // A repository's .npmrc that would send the package's scope elsewhere: the install must not read it.
      ".npmrc": "@zed-industries:registry=http://127.0.0.1:9/\n",
    },
    prepare: async () => {
      if (!existsSync(fakeAgentScript))
        throw new Error(`${fakeAgentScript} is missing: run \`node esbuild.mjs\` first`);
      registry = await startRegistryStandIn([
        {
          name: PACKAGE,
          version: "0.23.1",
          bin: { "claude-agent-acp": "dist/index.js" },
          files: {
            "dist/index.js": '#!/usr/bin/env node\nrequire("./agent.cjs");\n',
            "dist/agent.cjs": readFileSync(fakeAgentScript, "utf8"),
          },
        },
      ]);
    },
    env: ({ scratch }) => ({ npm_config_registry: registry!.url, npm_config_cache: join(scratch, "npm-cache") }),
    chat: false,
    stop: () => registry?.stop(),
  });
  const settingsFiles = () =>
    ["User/settings.json", "Machine/settings.json"].map((f) => join(e2e.server.userDataDir, f));

  e2e.it(
    "Install on the Claude preset installs its pinned package into the storage, starts it, and it answers",
    "e2e-first-minute",
    async ({ server, page }) => {
      const storage = join(server.userDataDir, "User/globalStorage", extensionId());
      assert.ok(!existsSync(join(storage, "presets")), "an empty storage: nothing installed yet");
      const view = await e2e.showChat();
      const install = view.frame.getByRole("button", { name: "Install Claude" });
      await install.waitFor({ timeout: 60_000 });
      await screenshot(page, "e2e-first-minute-welcome.png");
      await install.click();

      await view.status.filter({ hasText: /Claude is ready/ }).waitFor({ timeout: 120_000 });
      assert.ok(registry!.requests.includes(`/${PACKAGE}`), "the package came from the registry stand-in");
      const installed = join(
        storage,
        "presets/zed-industries+claude-agent-acp/0.23.1/node_modules/.bin/claude-agent-acp",
      );
      assert.ok(existsSync(installed), `installed at ${installed}`);
      assert.deepEqual(readdirSync(join(storage, "presets/zed-industries+claude-agent-acp")), ["0.23.1"]);
      const picker = view.frame.getByRole("combobox", { name: "Agent" });
      assert.equal((await picker.textContent())?.trim(), "Claude");

      await sendPrompt(view, "hello");
      await view.log.locator("strong", { hasText: "ACP Panel demo agent" }).first().waitFor({ timeout: 30_000 });
      await turnEnded(view);
      await screenshot(page, "e2e-first-minute-answer.png");
      // VS Code migrates some of its own settings meanwhile; none of ours is written.
      for (const file of settingsFiles())
        assert.deepEqual(
          Object.keys(JSON.parse(readFileSync(file, "utf8")) as object).filter((key) => key.startsWith("acpPanel.")),
          [],
          `no ACP Panel setting in ${file}`,
        );
    },
  );
});
