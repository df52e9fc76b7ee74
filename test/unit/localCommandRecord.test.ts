/**
 * Claude Code's local-command records (`<command-name>/model</command-name>…`) are recognised in
 * linear time: the pattern `(?:<tag>[\s\S]*?</tag>\s*)+$` tried every way of grouping the records
 * when the text did not end in one (exponential: 30 records took minutes on the host's reducer).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { isLocalCommandRecord } from "../../src/shared/thread/reduceChunk";
import { cpuMillis } from "../support/cpuMillis";

test("records are recognised as before: whole text of tags, any content, blanks between", () => {
  const yes = [
    "<command-name>/model</command-name>",
    "  <command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>\n",
    "<local-command-stdout>Set model to opus</local-command-stdout>",
    // A record's content may hold other tags, even its own closer.
    "<command-name>a</command-name>b</command-name>",
    "<command-args><command-name>x</command-args>",
    "<local-command-caveat>c</local-command-caveat><local-command-stderr>e</local-command-stderr>",
  ];
  const no = [
    "",
    "   ",
    "please explain <command-name>/model</command-name>",
    "<command-name>/model</command-name> and more",
    "<command-name>/model</command-message>",
    "<command-name>/model",
    "<command-name>a</command-name>x<command-args>b</command-args>",
    "<other>x</other>",
  ];
  for (const text of yes) assert.equal(isLocalCommandRecord(text), true, JSON.stringify(text));
  for (const text of no) assert.equal(isLocalCommandRecord(text), false, JSON.stringify(text));
});

test("a run of records with text after them is rejected in linear time", () => {
  const elapsed = cpuMillis(() => {
    assert.equal(isLocalCommandRecord(`${"<command-name>a</command-name>".repeat(28)}x`), false);
    assert.equal(isLocalCommandRecord(`${"<command-name>a</command-name> ".repeat(50_000)}x`), false);
    assert.equal(isLocalCommandRecord("<command-name>a</command-name> ".repeat(50_000)), true);
  });
  assert.ok(elapsed < 1000, `took ${Math.round(elapsed)} ms`);
});
