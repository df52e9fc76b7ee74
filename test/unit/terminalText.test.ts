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

test("200 000 small chunks past the cap: the tail is exactly the last characters, the start marked cut", () => {
  // Speed is not asserted here (timed tests fail on a loaded machine): compaction happens once per
  // `cap` characters, so this loop copies about 200 000 × 12 / 65 536 tails, not one per chunk.
  const buffer = new TailBuffer();
  let all = "";
  for (let line = 0; line < 200_000; line++) {
    const chunk = `line ${line}\n`;
    buffer.append(chunk);
    if (line >= 190_000) all += chunk;
  }
  const tail = buffer.text();
  assert.equal(tail.length, MAX_TERMINAL_CHARS);
  assert.equal(tail, all.slice(all.length - MAX_TERMINAL_CHARS));
  assert.equal(buffer.cut, true);
});
