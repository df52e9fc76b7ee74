/**
 * The Markdown pre-scan (webview/transcript/markdown/markdownLimits.ts) and the DOM-free half of the
 * pipeline (markdownToHtml.ts): hostile blocks are shown as plain text without calling marked,
 * ordinary Markdown is formatted as before.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_BLOCK_CHARS,
  MAX_EMPHASIS_RUNS,
  MAX_NESTING,
  markdownLimitExceeded,
} from "../../webview/transcript/markdown/markdownLimits";
import { markdownToHtml } from "../../webview/transcript/markdown/markdownToHtml";
import { cpuMillis } from "../support/cpuMillis";

test("5,000 levels of `>`, list markers or emphasis are shown as plain text with a note, without calling marked (which overflows its stack on them)", () => {
  for (const [source, note] of [
    [`${">".repeat(5_000)} deep`, /nested too deeply/],
    [`${"> ".repeat(5_000)}deep`, /nested too deeply/],
    [`${"- ".repeat(5_000)}deep`, /nested too deeply/],
    [`${"1. ".repeat(5_000)}deep`, /nested too deeply/],
    [Array.from({ length: 200 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"), /nested too deeply/],
    [`${"*a ".repeat(5_000)}x${" b*".repeat(5_000)}`, /too many emphasis marks/],
    ["word ".repeat(MAX_BLOCK_CHARS / 4), /too large/],
  ] as const) {
    const html = markdownToHtml(source);
    assert.match(html, note, source.slice(0, 40));
    assert.ok(html.startsWith('<div class="markdown-unformatted"><p class="markdown-note" role="note">'));
    assert.ok(html.endsWith(`<pre>${source.replace(/>/g, "&gt;")}</pre></div>`), "the source, escaped, as text");
  }
});

test("at the limits marked still formats, and does not fail", () => {
  const quotes = markdownToHtml(`${">".repeat(MAX_NESTING)} deep`);
  assert.equal(quotes.match(/<blockquote>/g)?.length, MAX_NESTING);
  // The scan over-estimates: each "- " counts a marker and half a level of whitespace.
  const lists = markdownToHtml(`${"- ".repeat(60)}deep`);
  assert.equal(lists.match(/<ul>/g)?.length, 60);
  const runs = MAX_EMPHASIS_RUNS / 2;
  assert.ok(!markdownToHtml(`${"*a ".repeat(runs)}x${" b*".repeat(runs)}`).includes("markdown-unformatted"));
});

test("ordinary Markdown is under every limit and formatted as before", () => {
  const ordinary = [
    "# Title\n\nSome **bold**, *italic*, `code` and a [link](https://example.com).",
    "- one\n  - two\n    - three\n      - four\n\n1. first\n2. second",
    "> quoted\n> > twice\n>\n> - in a list",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    `Environment: ${Array.from({ length: 2_000 }, (_, i) => `MY_SETTING_NUMBER_${i}`).join(", ")}`,
    // A fence at column 0 is skipped by the scan: deep indentation and stars inside code are code.
    `\`\`\`c\n${Array.from({ length: 300 }, (_, i) => `${" ".repeat(i % 240)}int **p${i} = &q; /* ** */`).join("\n")}\n\`\`\``,
  ];
  for (const source of ordinary) {
    assert.equal(markdownLimitExceeded(source), undefined, source.slice(0, 40));
    assert.ok(!markdownToHtml(source).includes("markdown-unformatted"));
  }
  assert.equal(markdownToHtml("Some **bold**"), "<p>Some <strong>bold</strong></p>\n");
  assert.equal(
    markdownToHtml("<img src=x onerror=alert(1)>"),
    "&lt;img src=x onerror=alert(1)&gt;",
    "raw HTML stays text",
  );
});

test("the scan is linear: a megabyte of hostile text is judged in milliseconds", () => {
  for (const source of [
    "> - * _ ".repeat(150_000),
    "a".repeat(1_000_000),
    "\n".repeat(1_000_000),
    `\`\`\`\n${"x\n".repeat(400_000)}`,
  ]) {
    const elapsed = cpuMillis(() => {
      markdownLimitExceeded(source.slice(0, MAX_BLOCK_CHARS));
      markdownLimitExceeded(source);
    });
    // A wide bound: a backtracking scan takes minutes here.
    assert.ok(elapsed < 2_000, `${elapsed.toFixed(0)} ms`);
  }
});

test("only a block that is one fenced code block skips the scan: where marked's fence may end early, hostile lines are still scanned", () => {
  const deep = ">".repeat(5_000);
  for (const source of [
    `<div>\n\`\`\`\n\n${deep}`, // an HTML block holds the "fence"; marked reads the quotes after the blank line
    `[a]: /url "a title\n\`\`\`\n"\n${deep}`, // the fence line is inside a link title
    `\`\`\`\ncode\n\`\`\`~\n${deep}`, // marked closes on the fence followed by more fence characters
    `\`\`\`\ncode\n\`\`\`\n${deep}`, // text after the closing fence
    `\`\`\`js\`\n${deep}`, // a backtick in the info string: no fence at all
    `text\r${deep}`, // marked reads a lone carriage return as a line break
    `\`\`\`\rcode\r\`\`\`\r\n${deep}`,
  ]) {
    assert.equal(markdownLimitExceeded(source), "nesting", JSON.stringify(source.slice(0, 30)));
    assert.match(markdownToHtml(source), /nested too deeply/);
  }
  assert.equal(markdownLimitExceeded(`\`\`\`\n${deep}\n\`\`\``), undefined, "a whole code block is code");
  assert.equal(
    markdownLimitExceeded(`~~~~ text\n${deep}`),
    undefined,
    "an unclosed fence runs to the end of the block",
  );
  assert.match(markdownToHtml(`\`\`\`\n${deep}\n\`\`\``), /^<div class="code-block">/);
});
