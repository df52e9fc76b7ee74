/**
 * The pure parts of issue 15's composer and transcript changes, in node: workspace-relative
 * location paths, the "@" trigger (a lone "@" too), the token a mention leaves, and the prompt
 * Retry resends.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { workspaceRelative } from "../../webview/ui/displayPaths";
import { mentionAt } from "../../webview/composer/useSuggestions";
import { mentionToken } from "../../webview/composer/MentionHighlights";
import { promptOf } from "../../webview/transcript/messages/messageText";
import type { ThreadEntry } from "../../src/shared/thread/thread";

describe("workspace-relative paths, mentions, retry", () => {
  it("shows paths inside a workspace folder relative to it, and any other path unchanged", () => {
    assert.equal(workspaceRelative("/w/p/src/a.ts", ["/w/p"]), "src/a.ts");
    assert.equal(workspaceRelative("/w/p/src/a.ts", ["/w/p/"]), "src/a.ts", "a trailing slash on the folder");
    assert.equal(
      workspaceRelative("/w/p-other/a.ts", ["/w/p"]),
      "/w/p-other/a.ts",
      "a sibling sharing the prefix is outside",
    );
    assert.equal(workspaceRelative("/w/p", ["/w/p"]), "/w/p", "the folder itself");
    assert.equal(workspaceRelative("/etc/hosts", []), "/etc/hosts");
    assert.equal(
      workspaceRelative("/w/p/lib/b.ts", ["/w/q", "/w/p"]),
      "p/lib/b.ts",
      "several folders: prefixed with the folder's name",
    );
    assert.equal(
      workspaceRelative("/w/p/nested/c.ts", ["/w/p", "/w/p/nested"]),
      "nested/c.ts",
      "the innermost folder wins",
    );
    assert.equal(workspaceRelative("C:\\w\\p\\src\\a.ts", ["C:\\w\\p"]), "src/a.ts", "Windows separators");
  });

  it("opens the mention menu on a lone @ at a word start, not inside an e-mail address", () => {
    assert.deepEqual(mentionAt("look at @", 9), { query: "", from: 8, to: 9 });
    assert.deepEqual(mentionAt("@ma", 3), { query: "ma", from: 0, to: 3 });
    assert.equal(mentionAt("mail a@b", 8), undefined);
    assert.equal(mentionAt("look at @x ", 11), undefined, "a space ends the mention");
  });

  it("leaves an @name token without spaces", () => {
    assert.equal(mentionToken("math.ts"), "@math.ts");
    assert.equal(mentionToken("My File.ts"), "@My_File.ts");
  });

  it("retries the user's own message, or the prompt a reply answered", () => {
    const entries: ThreadEntry[] = [
      { kind: "user", id: "u1", text: "first" },
      { kind: "assistant", id: "a1", chunks: [{ kind: "message", text: "one" }] },
      { kind: "user", id: "u2", text: "second" },
      { kind: "assistant", id: "a2", chunks: [{ kind: "message", text: "two" }] },
    ];
    assert.equal(promptOf(entries, "a1"), "first");
    assert.equal(promptOf(entries, "a2"), "second");
    assert.equal(promptOf(entries, "u1"), "first");
    assert.equal(promptOf(entries, "missing"), undefined);
  });
});
