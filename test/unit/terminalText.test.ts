/** Issue 28: a terminal's last command reaches the prompt as plain text, without escape sequences. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_TERMINAL_CHARS, TailBuffer, terminalPlainText } from "../../src/acp/context/terminalText";

test("escape sequences, shell-integration marks and carriage returns become plain text", () => {
  const raw =
    "\x1b]633;C\x07\x1b[1;31merror\x1b[0m: bad\r\n" +
    "progress 10%\rprogress 100%\r\n" +
    "\x1b]0;title\x1b\\done\x07\r\n";
  assert.equal(terminalPlainText(raw), "error: bad\nprogress 100%\ndone\n");
});

test("the buffer keeps the end of a long output, and says when the start was cut", () => {
  const buffer = new TailBuffer(4);
  assert.equal(buffer.empty, true);
  buffer.append("ab");
  buffer.append("c");
  assert.deepEqual([buffer.text(), buffer.cut], ["abc", false]);
  buffer.append("def");
  buffer.append("gh");
  assert.deepEqual([buffer.text(), buffer.cut, buffer.empty], ["efgh", true, false]);
  for (const chunk of "ijklmnopqrstuvwxyz") buffer.append(chunk);
  assert.equal(buffer.text(), "wxyz");
});

test("appending is amortised: 200 000 small chunks past the cap take well under a second", () => {
  const buffer = new TailBuffer();
  const started = performance.now();
  for (let line = 0; line < 200_000; line++) buffer.append(`line ${line}\n`);
  const tail = buffer.text();
  const took = performance.now() - started;
  assert.ok(tail.endsWith("line 199999\n") && tail.length === MAX_TERMINAL_CHARS);
  // Copying the 64 KiB tail on each chunk (the old appendTail) took about 4 s here; this takes ms.
  assert.ok(took < 500, `${took.toFixed(0)} ms`);
});
