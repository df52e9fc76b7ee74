/**
 * Issue 28 review: chips are one per URI and the newest wins, so a terminal's last command
 * attached again carries its fresh output; two terminals with one name are two chips.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { terminalUri, withAttachments } from "../../src/shared/wire/attachmentSource";

const chip = (uri: string, text: string) => ({ uri, name: uri, text });

test("attaching a URI again replaces the stale chip in its place with the fresh one", () => {
  const stale = chip(terminalUri(1, "last-command"), "$ make (still running)");
  const file = chip("file:///w/a.ts", "a");
  const fresh = chip(terminalUri(1, "last-command"), "$ make (exit code 0)\nall built");
  assert.deepEqual(withAttachments([stale, file], [fresh]), [fresh, file]);
  // Within one batch too, the last of a URI wins.
  assert.deepEqual(withAttachments([], [stale, file, fresh]), [fresh, file]);
});

test("two terminals with the same name are two attachments", () => {
  assert.notEqual(terminalUri(1, "last-command"), terminalUri(2, "last-command"));
  const both = withAttachments([chip(terminalUri(1, "selection"), "one")], [chip(terminalUri(2, "selection"), "two")]);
  assert.deepEqual(
    both.map((a) => a.text),
    ["one", "two"],
  );
});
