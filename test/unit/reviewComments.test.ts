/** The review's line comments sent as one prompt: `path:line`, the quoted line, the comment. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  linesOf,
  reviewCommentsPrompt,
  workspaceRelative,
  type ReviewComment,
} from "../../src/acp/sessions/reviewComments";

const root = join("/", "ws", "project");
const at = (rel: string) => join(root, ...rel.split("/"));

test("one comment: workspace-relative path:line, the quoted line, then the comment", () => {
  const comment: ReviewComment = {
    path: at("src/app.ts"),
    startLine: 12,
    endLine: 12,
    lines: ["const answer = 41;"],
    body: "This should be 42.",
  };
  assert.equal(
    reviewCommentsPrompt([comment], [root]),
    "A review comment on your changes:\n\nsrc/app.ts:12\n> const answer = 41;\nThis should be 42.",
  );
});

test("several comments, each in its own block and in order; a multi-line comment keeps its lines", () => {
  const prompt = reviewCommentsPrompt(
    [
      { path: at("notes.md"), startLine: 3, endLine: 3, lines: ["the agent's line"], body: "Too terse." },
      {
        path: at("src/a.ts"),
        startLine: 7,
        endLine: 8,
        lines: ["if (x) {", "  run();"],
        body: "Two things:\n- rename x\n- guard run()",
      },
      {
        path: at("notes.md"),
        startLine: 2,
        endLine: 2,
        lines: ["old text"],
        body: "Keep this line.",
        onCheckpoint: true,
      },
    ],
    [root],
  );
  assert.equal(
    prompt,
    [
      "3 review comments on your changes:",
      "notes.md:3\n> the agent's line\nToo terse.",
      "src/a.ts:7-8\n> if (x) {\n>   run();\nTwo things:\n- rename x\n- guard run()",
      "notes.md:2 (before your change)\n> old text\nKeep this line.",
    ].join("\n\n"),
  );
});

test("CRLF files and comments: no carriage return reaches the prompt; an empty line quotes as a bare >", () => {
  const text = "first\r\nsecond\r\n\r\nfourth\r\n";
  assert.deepEqual(linesOf(text, 1, 1), ["second"]);
  assert.deepEqual(linesOf(text, 1, 3), ["second", "", "fourth"]);
  assert.deepEqual(linesOf("a\rb\nc", 0, 2), ["a", "b", "c"]);
  const prompt = reviewCommentsPrompt(
    [
      {
        path: at("win.txt"),
        startLine: 2,
        endLine: 3,
        lines: linesOf(text, 1, 2),
        body: "line one\r\nline two\r\n",
      },
    ],
    [root],
  );
  assert.equal(prompt, "A review comment on your changes:\n\nwin.txt:2-3\n> second\n>\nline one\nline two");
  assert.ok(!prompt.includes("\r"));
});

test("paths: relative to the folder holding them, folder name first in a multi-root workspace, else absolute", () => {
  const other = join("/", "ws", "other");
  assert.equal(workspaceRelative(at("a/b.txt"), [root]), "a/b.txt");
  assert.equal(workspaceRelative(join(other, "c.txt"), [root, other]), "other/c.txt");
  assert.equal(workspaceRelative(at("a/b.txt"), [root, other]), "project/a/b.txt");
  const outside = join("/", "elsewhere", "d.txt");
  assert.equal(workspaceRelative(outside, [root]), outside);
  // A sibling whose name starts like the root is not inside it.
  assert.equal(workspaceRelative(join("/", "ws", "project2", "e.txt"), [root]), join("/", "ws", "project2", "e.txt"));
});

test("no comments, no prompt", () => {
  assert.equal(reviewCommentsPrompt([], [root]), "");
});
