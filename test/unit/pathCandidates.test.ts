/**
 * Which words of the agent's text may be paths to link (issue 29 §5): paths with a line or column,
 * never URLs, home or network paths, and linear on hostile input.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { pathCandidates } from "../../webview/transcript/markdown/pathCandidates";
import { cpuMillis } from "../support/cpuMillis";

const paths = (text: string) => pathCandidates(text).map(({ path, line, column }) => ({ path, line, column }));

test("finds relative and absolute paths, bare names with a known extension, and their line suffixes", () => {
  assert.deepEqual(paths("see src/greet.ts:2, then file.ts:42 and /w/src/a.ts:3:7."), [
    { path: "src/greet.ts", line: 2, column: undefined },
    { path: "file.ts", line: 42, column: undefined },
    { path: "/w/src/a.ts", line: 3, column: 7 },
  ]);
  assert.deepEqual(paths("(src/main.ts#L12) [notes/a.md#L3-L9] package.json: Makefile bin/run"), [
    { path: "src/main.ts", line: 12, column: undefined },
    { path: "notes/a.md", line: 3, column: undefined },
    { path: "package.json", line: undefined, column: undefined },
    { path: "bin/run", line: undefined, column: undefined },
  ]);
  assert.deepEqual(paths("C:\\src\\app.cs:10"), [{ path: "C:\\src\\app.cs", line: 10, column: undefined }]);
});

test("gives the offsets of the whole link text, suffix included, without sentence punctuation", () => {
  const text = "Open `src/greet.ts:2`.";
  const [hit] = pathCandidates(text);
  assert.ok(hit);
  assert.equal(text.slice(hit.start, hit.end), "src/greet.ts:2");
});

test("skips what is not a file path", () => {
  const text = [
    "https://example.com/src/a.ts mailto:ada@example.com www.example.com e.g. 1.2.3 12:30 1/2",
    "~/notes.md //server/share/a.ts \\\\server\\share src/ Foo::bar issue#12 a.ts:x a.ts:2:y @scope/pkg --out=dist",
    "version v1.2 node:fs/promises plain words.",
  ].join("\n");
  assert.deepEqual(paths(text), []);
});

test("stops at the cap, and skips a word too long to be a path", () => {
  const many = Array.from({ length: 500 }, (_, i) => `src/f${i}.ts`).join(" ");
  assert.equal(pathCandidates(many).length, 200);
  assert.equal(pathCandidates(many, 3).length, 3);
  assert.deepEqual(paths(`${"a/".repeat(400)}b.ts src/ok.ts`), [
    { path: "src/ok.ts", line: undefined, column: undefined },
  ]);
});

// The bound is generous on purpose: a quadratic scan of 200,000 characters takes far longer than a
// second, while a linear one on a loaded 2-core machine was seen at 349 ms (200 ms flaked).
test("is linear on hostile input", () => {
  const hostile = [
    "/".repeat(200_000),
    "a:".repeat(100_000),
    "a.ts:1:".repeat(50_000),
    "#L1-".repeat(50_000),
    "x/y ".repeat(50_000),
    ".".repeat(200_000),
    `${"1".repeat(200_000)}`,
    "src/a.ts:" + "9".repeat(200_000),
  ];
  for (const text of hostile) {
    const elapsed = cpuMillis(() => pathCandidates(text));
    assert.ok(elapsed < 1000, `${JSON.stringify(text.slice(0, 12))}… took ${elapsed.toFixed(0)} ms`);
  }
});
