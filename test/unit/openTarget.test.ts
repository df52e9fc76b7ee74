/**
 * Issue 26 item 9: location links, Follow Agent and plan "Open" buttons open a path the agent
 * names only inside the workspace; outside it they ask first (Follow Agent, which can't ask on
 * every tool call, skips it), and a UNC path or a device is never opened.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openVerdict } from "../../src/acp/client/callbacks/openTarget";
import { FollowAgent } from "../../src/acp/sessions/followAgent";
import type { EditorNavigation } from "../../src/vscode/editorNavigation";
import { PanelStore } from "../../src/acp/sessions/panelStore";
import { scratchDir } from "../support/scratchDir";
import { waitFor } from "../support/waitFor";

const root = realpathSync(scratchDir("acp-open-root-"));
const outside = realpathSync(scratchDir("acp-open-out-"));
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src/a.ts"), "x");
writeFileSync(join(outside, "id_rsa"), "KEY");
symlinkSync(outside, join(root, "linked"));

test("inside the workspace opens; outside, through a link or under a home-folder root asks; UNC and devices never open", async () => {
  assert.equal((await openVerdict(join(root, "src/a.ts"), [root])).kind, "open");
  assert.equal((await openVerdict(join(outside, "id_rsa"), [root])).kind, "ask");
  assert.equal((await openVerdict(join(root, "linked/id_rsa"), [root])).kind, "ask");
  assert.equal((await openVerdict(join(root, "src/a.ts"), [])).kind, "ask", "no folder open: nothing is inside");
  assert.equal((await openVerdict(join(root, "src/a.ts"), ["/"])).kind, "ask", "a filesystem root is no root");
  for (const unc of ["\\\\evil.example\\share\\x.ts", "//evil.example/share/x.ts", "\\\\?\\C:\\x", "/\\evil\\share"])
    assert.equal((await openVerdict(unc, [root])).kind, "refuse", unc);
  for (const bad of ["src/a.ts", "", "a\0b", "/dev/zero"])
    assert.equal((await openVerdict(bad, [root, "/dev"])).kind, "refuse", JSON.stringify(bad));
});

test("Follow Agent opens tool call locations inside the workspace and never one outside it", async () => {
  const opened: string[] = [];
  const navigation = {
    openLocation: async (path: string) => void opened.push(path),
  } as unknown as EditorNavigation;
  const follow = new FollowAgent(navigation, () => [root]);
  follow.enabled = true;
  const store = new PanelStore();
  follow.track(store);
  const toolAt = (id: string, path: string) =>
    store.dispatch({
      type: "acp/update",
      entryId: `t-${id}`,
      update: { sessionUpdate: "tool_call", toolCallId: id, title: "Read", locations: [{ path }] },
    });
  toolAt("1", join(outside, "id_rsa"));
  toolAt("2", "//evil.example/share/x.ts");
  toolAt("3", join(root, "src/a.ts"));
  await waitFor(
    () => opened.length,
    (count) => count > 0,
    "the location inside to open",
  );
  assert.deepEqual(opened, [join(root, "src/a.ts")]);
});
