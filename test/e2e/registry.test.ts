/**
 * "ACP: Add Agent from Registry…" in real VS Code (code-server + Chromium), from a local index:
 * an entry whose env carries a `${secret:…}` reference is listed as refused with its reason; an
 * archive without a sha256 asks first in a modal that names the risk; a name already taken asks
 * again, and "Add as …" keeps the user's own agent untouched.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { expectNotification, runCommand, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { modalDialog, pickQuickItem, quickPickRows } from "../harness/panel";
import { platformKey } from "../../src/acp/agents/agentRegistry";
import { fakeAgent } from "./fixture/agents";
import { useE2e } from "./fixture/useE2e";

const AGENT = "Bub (fake)";

describe("ACP registry command in VS Code", { timeout: 300_000 }, () => {
  const e2e = useE2e({
    label: "registry",
    files: { "README.md": "# registry e2e\n" },
    prepare: ({ scratch }) => {
      const pkg = join(scratch, "pkg");
      mkdirSync(join(pkg, "bin"), { recursive: true });
      writeFileSync(join(pkg, "bin/fake-agent"), "#!/bin/sh\necho agent\n", { mode: 0o755 });
      execFileSync("tar", ["-czf", join(scratch, "fake-agent.tar.gz"), "-C", pkg, "bin"]);
      writeFileSync(
        join(scratch, "registry.json"),
        JSON.stringify({
          agents: [
            // Same name as the user's own agent, and no sha256.
            {
              id: "fake-bin",
              name: AGENT,
              version: "1.0.0",
              description: "a binary without a checksum",
              distribution: { binary: { [platformKey()]: { archive: "fake-agent.tar.gz", cmd: "bin/fake-agent" } } },
            },
            {
              id: "greedy",
              name: "Greedy Agent",
              version: "1.0.0",
              distribution: { npx: { package: "greedy-acp", env: { OPENAI_API_KEY: "${secret:openai}" } } },
            },
          ],
        }),
      );
    },
    agents: { [AGENT]: fakeAgent({ profile: "bub", log: false }) },
    settings: ({ scratch }) => ({ "acpPanel.registry": join(scratch, "registry.json") }),
    chat: false,
  });
  /** `acpPanel.agents` as VS Code saved it (machine-scoped: the remote's Machine settings in code-server). */
  const savedAgents = (): Record<string, Record<string, unknown>> => {
    for (const file of ["Machine/settings.json", "User/settings.json"].map((f) => join(e2e.server.userDataDir, f))) {
      const agents = existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)["acpPanel.agents"]
        : undefined;
      if (agents && typeof agents === "object" && `${AGENT} (2)` in agents)
        return agents as Record<string, Record<string, unknown>>;
    }
    return {};
  };

  e2e.it(
    "lists a refused entry with its reason, asks before an unverified archive and before a taken name",
    "e2e-registry-add",
    async ({ page }) => {
      await runCommand(page, "ACP: Add Agent from Registry…");
      const refused = quickPickRows(page).filter({ hasText: "Greedy Agent" }).first();
      await refused.waitFor({ timeout: 30_000 });
      assert.match(
        (await refused.innerText()) ?? "",
        /\$\{secret:…\} reference: a registry can't choose which of your secrets/,
      );
      await screenshot(page, "e2e-registry-list.png");
      await pickQuickItem(page, AGENT);

      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 30_000 });
      const checksumText = (await dialog.innerText()) ?? "";
      assert.match(checksumText, new RegExp(`Install ${AGENT.replace(/[()]/g, "\\$&")} without a checksum\\?`));
      assert.match(checksumText, /no sha256 checksum/);
      assert.match(checksumText, /decides what code runs on your machine/);
      await screenshot(page, "e2e-registry-checksum.png");
      await dialog.getByRole("button", { name: "Install Without Checksum", exact: true }).click();

      await eventually(
        async () => /already in your ACP agents/.test((await dialog.innerText().catch(() => "")) ?? ""),
        "the name question",
        60_000,
      );
      await screenshot(page, "e2e-registry-name.png");
      await dialog.getByRole("button", { name: `Add as "${AGENT} (2)"`, exact: true }).click();

      await expectNotification(page, `Added ${AGENT} (2) (binary) to your ACP agents.`, 30_000);
      await eventually(async () => Object.keys(savedAgents()).length > 0, "the settings to hold the new agent", 30_000);
      const agents = savedAgents();
      assert.deepEqual(
        agents[AGENT],
        JSON.parse(JSON.stringify(e2e.agentEntry(AGENT))),
        "the user's own agent is untouched",
      );
      assert.match(String(agents[`${AGENT} (2)`]?.command), /fake-bin[/\\]1\.0\.0[/\\]bin[/\\]fake-agent$/);
      assert.equal(execFileSync(String(agents[`${AGENT} (2)`]?.command), { encoding: "utf8" }), "agent\n");
    },
  );
});
