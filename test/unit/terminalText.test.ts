/** Issue 28: a terminal's last command reaches the prompt as plain text, without escape sequences. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendTail, terminalPlainText } from "../../src/acp/context/terminalText";

test("escape sequences, shell-integration marks and carriage returns become plain text", () => {
  const raw =
    "\x1b]633;C\x07\x1b[1;31merror\x1b[0m: bad\r\n" +
    "progress 10%\rprogress 100%\r\n" +
    "\x1b]0;title\x1b\\done\x07\r\n";
  assert.equal(terminalPlainText(raw), "error: bad\nprogress 100%\ndone\n");
});

test("the buffer keeps the end of a long output", () => {
  assert.equal(appendTail("abcdef", "gh", 4), "efgh");
  assert.equal(appendTail("ab", "c", 4), "abc");
});
