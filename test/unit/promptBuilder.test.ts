/**
 * Issue 28: each attachment becomes the content block the agent's `promptCapabilities` allow: an
 * embedded `resource` with embeddedContext, otherwise a `resource_link` plus the text itself (an
 * agent can't open a diff or a terminal's output by its link). The sent message shows each by name.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildPrompt } from "../../src/acp/client/session/promptBuilder";

const diff = { uri: "acp-panel://scm/staged.diff", name: "Staged changes", mimeType: "text/x-diff", text: "+a\n" };

describe("prompt content blocks by promptCapabilities", () => {
  it("embeds the text as a resource when the agent accepts embedded context", () => {
    const built = buildPrompt("look", [diff], { embeddedContext: true });
    assert.deepEqual(built.blocks, [
      { type: "text", text: "look" },
      { type: "resource", resource: { uri: diff.uri, text: "+a\n", mimeType: "text/x-diff" } },
    ]);
    assert.deepEqual(built.shown, [
      { type: "resource_link", uri: diff.uri, name: "Staged changes", mimeType: "text/x-diff" },
    ]);
  });

  it("sends a resource_link plus the text when the agent does not accept embedded context", () => {
    for (const capabilities of [undefined, {}, { embeddedContext: false }]) {
      const built = buildPrompt("look", [diff], capabilities);
      assert.equal(built.blocks.length, 3);
      assert.deepEqual(built.blocks[1], {
        type: "resource_link",
        uri: diff.uri,
        name: "Staged changes",
        mimeType: "text/x-diff",
      });
      const text = built.blocks[2] as { type: string; text: string };
      assert.equal(text.type, "text");
      assert.match(text.text, /^Staged changes \(acp-panel:\/\/scm\/staged\.diff\):\n```\n\+a\n```$/);
      assert.deepEqual(built.shown, [built.blocks[1]]);
    }
  });

  it("fences the text with more backticks than it holds", () => {
    const built = buildPrompt("", [{ uri: "file:///w/a.md", name: "a.md", text: "```js\nx\n```" }], {});
    const text = (built.blocks[1] as { text: string }).text;
    assert.match(text, /^a\.md \(file:\/\/\/w\/a\.md\):\n````\n```js\nx\n```\n````$/);
  });

  it("a file without text stays a bare link either way", () => {
    const file = { uri: "file:///w/big.bin", name: "big.bin" };
    assert.deepEqual(buildPrompt("", [file], { embeddedContext: true }).blocks, [
      { type: "resource_link", uri: file.uri, name: "big.bin" },
    ]);
    assert.deepEqual(buildPrompt("", [file], {}).blocks, [{ type: "resource_link", uri: file.uri, name: "big.bin" }]);
  });
});
