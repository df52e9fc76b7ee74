/**
 * The manifest and the code agree: every command registered is contributed and the reverse, every
 * menu, keybinding and `when` clause names things that exist, and the .vsix carries only what runs.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";
import { vsixFiles } from "../support/vsixFiles";

interface Contributed {
  readonly command: string;
  readonly when?: string;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
const contributes = manifest.contributes;
const contributedIds: string[] = contributes.commands.map((c: Contributed) => c.command);

test("contributed commands match the CommandId union, all in category ACP", async () => {
  // commands.ts imports `vscode`, so read the union from its source instead of importing it.
  const source = readFileSync(join(repoRoot, "src/vscode/commands.ts"), "utf8");
  const ids = [...(source.match(/commandIds = \[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids.length >= 3);
  assert.deepEqual([...ids].sort(), [...contributedIds].sort());
  for (const command of contributes.commands) assert.equal(command.category, "ACP");
});

test("menus and keybindings name contributed commands only", () => {
  const used: Contributed[] = [
    ...Object.values(contributes.menus as Record<string, Contributed[]>).flat(),
    ...contributes.keybindings,
  ];
  const unknown = used.map((item) => item.command).filter((id) => !contributedIds.includes(id));
  assert.deepEqual(unknown, []);
});

test("every acpPanel.* context key a `when` clause reads is set by the host", () => {
  const used: Contributed[] = [
    ...Object.values(contributes.menus as Record<string, Contributed[]>).flat(),
    ...contributes.keybindings,
  ];
  const keys = new Set(used.flatMap((item) => [...(item.when ?? "").matchAll(/\bacpPanel\.\w+/g)].map((m) => m[0])));
  keys.delete("acpPanel.chat"); // the view id, compared with `view ==` / `focusedView ==`
  keys.delete("acpPanel.review"); // the comment controller id (src/vscode/reviewComments.ts), `commentController ==`
  const source = readFileSync(join(repoRoot, "src/vscode/contextKeys.ts"), "utf8");
  const set = new Set([...source.matchAll(/set\("(acpPanel\.\w+)"/g)].map((m) => m[1]));
  assert.ok(keys.size > 0);
  assert.deepEqual(
    [...keys].filter((key) => !set.has(key)),
    [],
    "a `when` clause reads a context key nothing sets",
  );
  const views: Array<{ id: string }> = Object.values(contributes.views as Record<string, Array<{ id: string }>>).flat();
  assert.ok(views.some((view) => view.id === "acpPanel.chat"));
});

test("settings Restricted Mode withholds are declared, and icons the manifest names exist", () => {
  const declared = Object.keys(contributes.configuration.properties);
  const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
  assert.deepEqual(
    restricted.filter((key) => !declared.includes(key)),
    [],
  );
  for (const container of contributes.viewsContainers.activitybar)
    assert.ok(existsSync(join(repoRoot, container.icon)), container.icon);
});

test("the Node version is stated once: .nvmrc satisfies engines.node, and so does the Node running this", () => {
  const floor = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(manifest.engines.node ?? "");
  assert.ok(floor, `engines.node should be ">=X.Y.Z", got ${manifest.engines.node}`);
  const [major, minor] = [Number(floor[1]), Number(floor[2])];
  const nvmrc = Number(readFileSync(join(repoRoot, ".nvmrc"), "utf8").trim().replace(/^v/, "").split(".")[0]);
  assert.ok(nvmrc >= major, `.nvmrc (${nvmrc}) is below engines.node (${manifest.engines.node})`);
  const [runMajor, runMinor] = process.versions.node.split(".").map(Number) as [number, number];
  assert.ok(
    runMajor > major || (runMajor === major && runMinor >= minor),
    `Node ${process.versions.node} is older than ${manifest.engines.node}`,
  );
});

test(
  "the .vsix ships the manifest, README, CHANGELOG and LICENSE and leaves out sources, tests, docs and editor settings",
  { timeout: 60_000 },
  () => {
    const files = vsixFiles();
    for (const shipped of ["package.json", "README.md", "CHANGELOG.md", "LICENSE"])
      assert.ok(files.includes(shipped), `${shipped} is not in ${files.join(", ")}`);
    const leaked = files.filter((file) =>
      /^(\.vscode|docs|src|test|webview|node_modules|\.ci)\/|\.map$|\.ts$/.test(file),
    );
    assert.deepEqual(leaked, []);
  },
);

test("the view's title bar has no second sessions button (the panel's header has Show sessions)", () => {
  const titleBar: { command: string; group?: string }[] = manifest.contributes.menus["view/title"];
  const buttons = titleBar.filter((item) => item.group?.startsWith("navigation"));
  const icons = buttons.map(
    (item) =>
      manifest.contributes.commands.find((command: { command: string }) => command.command === item.command)?.icon,
  );
  assert.equal(
    icons.filter((icon) => icon === "$(history)").length,
    0,
    `history buttons in the title bar: ${JSON.stringify(buttons)}`,
  );
});

test("the view title: New session first, then Export Session as Markdown with a Markdown icon (not one like Open in Editor)", () => {
  const titleBar: { command: string; group?: string }[] = manifest.contributes.menus["view/title"];
  const navigation = titleBar
    .filter((item) => item.group?.startsWith("navigation"))
    .sort((a, b) => Number(a.group?.split("@")[1] ?? 0) - Number(b.group?.split("@")[1] ?? 0))
    .map((item) => item.command);
  assert.deepEqual(navigation, ["acpPanel.newSession", "acpPanel.exportSession"]);
  const icon = (id: string) =>
    manifest.contributes.commands.find((command: { command: string }) => command.command === id)?.icon;
  assert.equal(icon("acpPanel.exportSession"), "$(markdown)");
  assert.notEqual(icon("acpPanel.exportSession"), icon("acpPanel.openSessionInEditor"));
});
