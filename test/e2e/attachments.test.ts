/**
 * Issue 28, item 2, in real VS Code (code-server + Chromium): each "Add to Prompt" source puts a
 * chip in the composer, the sent message shows it, and the fake agent (its wire log) receives the
 * content block its `promptCapabilities` allow: an embedded `resource` for the default profile
 * (embeddedContext), a `resource_link` plus text for Bub (none). Sources: the problems of a file,
 * Source Control's staged and working-tree diffs, the terminal's selection and last command,
 * the open editors, and `@http://127.0.0.1:…` fetched after the modal, from a server of the test.
 */
import * as assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { openFile, runCommand, screenshot } from "../harness/browser";
import { eventually } from "../harness/chat";
import { modalDialog, pickQuickItem } from "../harness/panel";
import { READABLE_TERMINAL_SETTINGS, activeTerminalText } from "../harness/workbench";
import { fakeAgent } from "./fixture/agents";
import { LocalDocs, attachmentSteps, escapeRegExp as escape } from "./fixture/attachmentSteps";
import { removeChips } from "./fixture/steps";
import { useE2e } from "./fixture/useE2e";
import { git, gitRepo } from "./fixture/workspaceFiles";

const AGENT = "Fake Agent";
const BUB = "Bub (fake)";
const TYPE_ERROR = "Type 'string' is not assignable to type 'number'.";

describe("Add to Prompt sources reach the agent as content blocks", { timeout: 400_000 }, () => {
  const docs = new LocalDocs();
  const e2e = useE2e({
    label: "attach",
    prepare: async ({ workspace }) => {
      await docs.start();
      gitRepo(workspace, {
        "tsconfig.json": JSON.stringify({
          compilerOptions: { strict: true, target: "ES2022", noEmit: true },
          include: ["src"],
        }),
        "src/broken.ts": 'export const answer: number = "forty-two";\n',
        "src/config.ts":
          '// settings\nexport function parseConfig(text: string): string[] {\n  return text.split("\\n");\n}\n',
        "notes.md": "first\n",
        "staged.md": "one\n",
      });
      writeFileSync(join(workspace, "staged.md"), "one\nstaged-line\n");
      git(workspace, "add", "staged.md");
      writeFileSync(join(workspace, "notes.md"), "first\nunstaged-line\n");
    },
    agents: { [AGENT]: fakeAgent(), [BUB]: fakeAgent({ profile: "bub" }) },
    settings: {
      ...READABLE_TERMINAL_SETTINGS,
      "terminal.integrated.shellIntegration.enabled": true,
      "terminal.integrated.defaultProfile.linux": "bash",
    },
    stop: () => docs.stop(),
  });
  const { chips, sentChips, sendAndRead, command } = attachmentSteps(e2e);

  e2e.it(
    "the problems of a file: a chip, then an embedded resource with the error",
    "e2e-attach-problems",
    async ({ t, page }) => {
      await removeChips(chips());
      // TypeScript reports problems for the files it has open.
      await openFile(page, "broken.ts");
      await runCommand(page, "View: Focus Problems");
      await page.locator(".markers-panel .monaco-list-row", { hasText: "not assignable" }).first().waitFor({
        timeout: 60_000,
      });
      await openFile(page, "broken.ts");
      await command("ACP: Add Problems to Prompt");
      await pickQuickItem(page, /^All problems in src\/broken\.ts$/);
      await eventually(async () => (await chips().count()) === 1, "a problems chip", 15_000);
      assert.equal(await chips().first().innerText(), "Problems in src/broken.ts");
      assert.equal(await chips().first().getAttribute("data-source"), "problems");
      await screenshot(page, "e2e-attach-problems-chip.png");

      const blocks = await sendAndRead("problems-attached");
      t.diagnostic(JSON.stringify(blocks).slice(0, 400));
      const resource = blocks.find((block) => block.type === "resource")?.resource;
      assert.equal(resource?.uri, "acp-panel://problems/src/broken.ts");
      assert.match(
        resource?.text ?? "",
        new RegExp(`^src/broken\\.ts:1:14(-1:\\d+)? error \\[ts 2322\\] ${escape(TYPE_ERROR)}`),
      );
      await eventually(
        async () => (await sentChips().allInnerTexts()).includes("Problems in src/broken.ts"),
        "the sent message's chip",
      );
    },
  );

  e2e.it("Source Control: the staged and the working-tree diff, each embedded", "e2e-attach-scm", async () => {
    await removeChips(chips());
    await command("ACP: Add Staged Diff to Prompt");
    await eventually(async () => (await chips().count()) === 1, "a staged diff chip", 15_000);
    await command("ACP: Add Working Tree Diff to Prompt");
    await eventually(async () => (await chips().count()) === 2, "a working-tree diff chip", 15_000);
    assert.deepEqual(await chips().allInnerTexts(), ["Staged changes", "Working tree changes"]);

    const blocks = await sendAndRead("diffs-attached");
    const resources = blocks.filter((block) => block.type === "resource").map((block) => block.resource);
    assert.deepEqual(
      resources.map((resource) => resource?.uri),
      ["acp-panel://scm/staged.diff", "acp-panel://scm/working-tree.diff"],
    );
    assert.match(resources[0]?.text ?? "", /\+staged-line/);
    assert.doesNotMatch(resources[0]?.text ?? "", /unstaged-line/);
    assert.match(resources[1]?.text ?? "", /\+unstaged-line/);
    assert.doesNotMatch(resources[1]?.text ?? "", /\+staged-line/);
  });

  e2e.it(
    "the terminal: the last command with its output, and the selection",
    "e2e-attach-terminal",
    async ({ t, page }) => {
      await removeChips(chips());
      await runCommand(page, "Terminal: Create New Terminal");
      const terminal = page.locator(".terminal-wrapper.active .xterm");
      await terminal.waitFor({ timeout: 30_000 });
      await terminal.click();
      // read() yields only what is written after the extension host first calls it, and the start event reaches
      // the host after the shell has begun: an instant command's output is gone before it can be read (VS Code's
      // documented limit). The sleep makes the output come after the start, as a real command's does.
      await page.keyboard.type("sleep 2; echo acp-$((6*7))-done\n");
      await eventually(
        async () => (await activeTerminalText(page)).includes("acp-42-done"),
        "the command's output",
        30_000,
      );
      // The command's end arrives through shell integration; the command waits for nothing, so retry until seen.
      await eventually(
        async () => {
          await command("ACP: Add Last Terminal Command to Prompt");
          return (await chips().count()) === 1;
        },
        "a terminal command chip",
        30_000,
      );
      assert.match(await chips().first().innerText(), /echo acp-\$\(\(6\*7\)\)-done/);
      assert.equal(await chips().first().getAttribute("data-source"), "terminal");

      await terminal.click();
      await runCommand(page, "Terminal: Select All");
      await command("ACP: Add Terminal Selection to Prompt");
      await eventually(async () => (await chips().count()) === 2, "a terminal selection chip", 15_000);
      await screenshot(page, "e2e-attach-terminal-chips.png");

      const blocks = await sendAndRead("terminal-attached");
      const resources = blocks.filter((block) => block.type === "resource").map((block) => block.resource);
      t.diagnostic(JSON.stringify(resources).slice(0, 600));
      assert.match(resources[0]?.uri ?? "", /^acp-panel:\/\/terminal\/[^/]+\/last-command$/);
      // The output comes through shell integration's read(): the command's own output must be there (not only
      // "[no output received from the terminal]", which said nothing about whether output is read at all).
      assert.match(
        resources[0]?.text ?? "",
        /^\$ sleep 2; echo acp-\$\(\(6\*7\)\)-done \(exit code 0\)\n(.*\n)*acp-42-done/,
      );
      assert.doesNotMatch(resources[0]?.text ?? "", /\x1b/, "no escape sequences");
      assert.match(resources[1]?.uri ?? "", /^acp-panel:\/\/terminal\/[^/]+\/selection$/);
      assert.match(resources[1]?.text ?? "", /acp-42-done/);
    },
  );

  e2e.it("the open editors: one embedded file each", "e2e-attach-editors", async ({ page }) => {
    await removeChips(chips());
    await openFile(page, "notes.md");
    await command("ACP: Add Open Editors to Prompt");
    await eventually(async () => (await chips().count()) >= 2, "open editor chips", 15_000);
    const names = await chips().allInnerTexts();
    assert.ok(names.includes("src/broken.ts") && names.includes("notes.md"), names.join(", "));
    const blocks = await sendAndRead("editors-attached");
    const uris = blocks.filter((block) => block.type === "resource").map((block) => block.resource?.uri ?? "");
    assert.ok(uris.some((uri) => uri.endsWith("/src/broken.ts")) && uris.some((uri) => uri.endsWith("/notes.md")));
  });

  e2e.it(
    "@ and a symbol's name: a workspace symbol, sent as a resource_link to its lines",
    "e2e-attach-symbol",
    async ({ page, view }) => {
      await removeChips(chips());
      await openFile(page, "config.ts");
      const option = view.frame
        .getByRole("listbox", { name: "Mentions" })
        .getByRole("option", { name: /parseConfig/ })
        .first();
      // TypeScript answers workspace symbols once its project is loaded: ask again until it does.
      await eventually(
        async () => {
          await view.prompt.click();
          await view.prompt.fill("");
          await view.prompt.pressSequentially("explain @parseConf");
          return option.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        "parseConfig among the @ suggestions",
        90_000,
      );
      await option.click();
      await eventually(async () => (await chips().count()) === 1, "the symbol chip", 15_000);
      // The name is the symbol provider's: TypeScript's workspace symbols name a function "parseConfig()".
      const name = (await chips().first().innerText()).trim();
      assert.match(name, /^parseConfig\b/);
      const blocks = await sendAndRead(`symbol-attached @${name}`);
      const link = blocks.find((block) => block.type === "resource_link");
      assert.equal(link?.name, name, JSON.stringify(blocks));
      assert.match(link?.uri ?? "", /^file:\/\/.*\/src\/config\.ts#L2-L\d+$/, "the symbol's file and first line");
      await sentChips().filter({ hasText: name }).first().waitFor({ timeout: 15_000 });
    },
  );

  e2e.it(
    "@http://127.0.0.1:… is fetched by the host after the modal, as plain text with its URL",
    "e2e-attach-url",
    async ({ page, view }) => {
      await removeChips(chips());
      const url = `${docs.base}/docs`;
      await view.prompt.click();
      await view.prompt.fill("");
      await view.prompt.pressSequentially(`read @${url}`);
      const option = view.frame.getByRole("listbox", { name: "Mentions" }).getByRole("option").first();
      await eventually(
        async () => ((await option.textContent().catch(() => "")) ?? "").includes(url),
        "the URL suggestion",
      );
      await view.prompt.press("Enter");
      const dialog = modalDialog(page);
      await dialog.waitFor({ timeout: 15_000 });
      assert.match(await dialog.innerText(), new RegExp(escape(url)));
      assert.match(await dialog.innerText(), /at most 1024 KiB/);
      assert.deepEqual(docs.hits, [], "nothing fetched before the user agreed");
      await screenshot(page, "e2e-attach-url-consent.png");
      await dialog.getByRole("button", { name: "Fetch" }).click();
      await eventually(async () => (await chips().count()) === 1, "the URL chip", 15_000);
      assert.equal(await chips().first().innerText(), url);
      assert.deepEqual(docs.hits, ["/docs"]);

      const blocks = await sendAndRead(`url-attached @${url}`);
      const resource = blocks.find((block) => block.type === "resource")?.resource;
      assert.equal(resource?.uri, url);
      assert.equal(resource?.text, "Local docs\n\nAttachments\nFetched & turned into text.\n");
    },
  );

  e2e.it(
    "an agent without embeddedContext gets a resource_link plus the text",
    "e2e-attach-link",
    async ({ t, page, view }) => {
      await removeChips(chips());
      await command("ACP: New Session");
      await pickQuickItem(page, new RegExp(`^${escape(BUB)}$`));
      await view.status.filter({ hasText: /is ready/ }).waitFor({ timeout: 60_000 });
      await command("ACP: Add Staged Diff to Prompt");
      await eventually(async () => (await chips().count()) === 1, "a staged diff chip", 15_000);
      const blocks = await sendAndRead("diff-as-link", e2e.wireLog(BUB));
      t.diagnostic(JSON.stringify(blocks).slice(0, 400));
      assert.equal(blocks.filter((block) => block.type === "resource").length, 0);
      const index = blocks.findIndex((block) => block.type === "resource_link");
      assert.deepEqual(
        { uri: blocks[index]?.uri, name: blocks[index]?.name },
        { uri: "acp-panel://scm/staged.diff", name: "Staged changes" },
      );
      assert.equal(blocks[index + 1]?.type, "text");
      assert.match(
        blocks[index + 1]?.text ?? "",
        /^Staged changes \(acp-panel:\/\/scm\/staged\.diff\):\n```\n(.*\n)*\+staged-line\n/,
      );
      await eventually(
        async () => (await sentChips().allInnerTexts()).includes("Staged changes"),
        "the sent message's chip",
      );
    },
  );
});
