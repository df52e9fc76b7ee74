/**
 * The webview's pure text algorithms, in node: the line diff (checked against a brute-force LCS
 * on random inputs), unified hunks, the ANSI parser, and the incremental Markdown block splitter.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseAnsi } from "../../webview/transcript/ansi/parseAnsi";
import { toHunks } from "../../webview/transcript/diff/hunks";
import { type DiffOp, MAX_EDITS, diffLines, splitLines } from "../../webview/transcript/diff/lineDiff";
import { type SplitText, splitBlocks, splitGrowingText } from "../../webview/transcript/markdown/splitBlocks";

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] ?? 0);
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

function rebuild(ops: readonly DiffOp[]): { old: string[]; new: string[] } {
  return {
    old: ops.filter((op) => op.type !== "insert").map((op) => op.text),
    new: ops.filter((op) => op.type !== "delete").map((op) => op.text),
  };
}

/** A small deterministic PRNG, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe("line diff", () => {
  it("finds a shortest edit script: rebuilds both sides with exactly |a|+|b|-2·LCS edits", () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const make = () => Array.from({ length: Math.floor(next() * 12) }, () => "abcd"[Math.floor(next() * 4)] ?? "a");
      const a = make();
      const b = make();
      const ops = diffLines(a.map((l) => `${l}\n`).join(""), b.map((l) => `${l}\n`).join(""));
      const rebuilt = rebuild(ops);
      assert.deepEqual(rebuilt.old, a, `old side of round ${round}`);
      assert.deepEqual(rebuilt.new, b, `new side of round ${round}`);
      const edits = ops.filter((op) => op.type !== "equal").length;
      assert.equal(
        edits,
        a.length + b.length - 2 * lcsLength(a, b),
        `minimal in round ${round}: ${a.join("")} → ${b.join("")}`,
      );
    }
  });

  it("numbers old and new lines from 1, in order", () => {
    const ops = diffLines("a\nb\nc\n", "a\nx\nc\nd\n");
    assert.deepEqual(ops, [
      { type: "equal", text: "a", oldLine: 1, newLine: 1 },
      { type: "delete", text: "b", oldLine: 2 },
      { type: "insert", text: "x", newLine: 2 },
      { type: "equal", text: "c", oldLine: 3, newLine: 3 },
      { type: "insert", text: "d", newLine: 4 },
    ]);
  });

  it("slides an appended block down so it ends, rather than starts, with the repeated line", () => {
    const ops = diffLines("f() {\n}\n", "f() {\n}\n\ng() {\n}\n");
    assert.deepEqual(
      ops.filter((op) => op.type === "insert").map((op) => op.text),
      ["", "g() {", "}"],
    );
    assert.deepEqual(
      ops.map((op) => op.type),
      ["equal", "equal", "insert", "insert", "insert"],
    );
  });

  it("treats a missing final newline and CRLF like the same lines", () => {
    assert.deepEqual(splitLines("a\r\nb"), ["a", "b"]);
    assert.deepEqual(splitLines(""), []);
    assert.equal(diffLines("a\r\nb\r\n", "a\nb").filter((op) => op.type !== "equal").length, 0);
  });

  it("falls back to a whole-block replacement past the edit cap, still rebuilding both sides", () => {
    const a = Array.from({ length: MAX_EDITS }, (_, i) => `old ${i}`);
    const b = Array.from({ length: MAX_EDITS }, (_, i) => `new ${i}`);
    const ops = diffLines(`keep\n${a.join("\n")}\nend`, `keep\n${b.join("\n")}\nend`);
    assert.deepEqual(rebuild(ops), { old: ["keep", ...a, "end"], new: ["keep", ...b, "end"] });
    assert.equal(
      ops.findIndex((op) => op.type === "insert"),
      1 + MAX_EDITS,
      "all deletions come first, then all insertions",
    );
  });
});

describe("unified hunks", () => {
  it("groups changes with three lines of context and counts additions and removals", () => {
    const old = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const changed = old.map((line, i) => (i === 4 ? "changed 5" : line));
    changed.splice(25, 0, "inserted");
    const { hunks, added, removed } = toHunks(diffLines(old.join("\n"), changed.join("\n")));
    assert.equal(added, 2);
    assert.equal(removed, 1);
    assert.deepEqual(
      hunks.map((h) => h.header),
      ["@@ -2,7 +2,7 @@", "@@ -23,6 +23,7 @@"],
    );
    assert.equal(hunks[0]?.lines.length, 8);
  });

  it("describes a new file as one hunk from nothing", () => {
    const { hunks, added, removed } = toHunks(diffLines("", "a\nb\n"));
    assert.deepEqual([hunks.map((h) => h.header), added, removed], [["@@ -0,0 +1,2 @@"], 2, 0]);
  });

  it("has no hunks when nothing changed", () => {
    assert.deepEqual(toHunks(diffLines("same\n", "same\n")).hunks, []);
  });
});

describe("ANSI parser", () => {
  it("splits text into runs with the basic, bright, 256 and truecolour SGR colours", () => {
    const runs = parseAnsi(
      "\u001b[31mred\u001b[0m plain \u001b[92mgreen\u001b[39m \u001b[38;5;208mo\u001b[48;2;1;2;3mb\u001b[m",
    );
    assert.deepEqual(
      runs.map((r) => [r.text, r.style]),
      [
        ["red", { fg: 1 }],
        [" plain ", {}],
        ["green", { fg: 10 }],
        [" ", {}],
        ["o", { fg: "rgb(255, 135, 0)" }],
        ["b", { fg: "rgb(255, 135, 0)", bg: "rgb(1, 2, 3)" }],
      ],
    );
  });

  it("tracks bold, italic, underline and their resets; colon forms and grey ramp too", () => {
    const runs = parseAnsi(
      "\u001b[1;3;4mall\u001b[22mnot bold\u001b[23;24m\u001b[38:2::10:20:30mcolon\u001b[0m\u001b[38;5;232mgrey",
    );
    assert.deepEqual(
      runs.map((r) => [r.text, r.style]),
      [
        ["all", { bold: true, italic: true, underline: true }],
        ["not bold", { italic: true, underline: true }],
        ["colon", { fg: "rgb(10, 20, 30)" }],
        ["grey", { fg: "rgb(8, 8, 8)" }],
      ],
    );
  });

  it("removes other escape sequences and lets a carriage return rewrite its line", () => {
    const text = parseAnsi("\u001b]0;title\u0007\u001b[2K\u001b[?25lstart\n10%\r\u001b[32m50%\r100%\u001b[0m\r\nnext")
      .map((r) => r.text)
      .join("");
    assert.equal(text, "start\n100%\nnext");
    const kept = parseAnsi("\u001b[32m10%\r100%");
    assert.deepEqual(kept, [{ text: "100%", style: { fg: 2 } }], "colour set before the \\r still applies");
  });
});

describe("Markdown block splitter", () => {
  const pieces = [
    "para",
    "**bold** text",
    "",
    "",
    "```ts",
    "```",
    "~~~",
    "  indented",
    "- item",
    "# head",
    "code();",
    " ",
    "> quote",
  ];

  it("splits a growing text, resuming at its last block, exactly as splitting the whole text", () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const lines = Array.from(
        { length: 1 + Math.floor(next() * 30) },
        () => pieces[Math.floor(next() * pieces.length)] ?? "",
      );
      const text = lines.join("\n");
      let previous: SplitText | undefined;
      let offset = 0;
      while (offset < text.length) {
        offset = Math.min(text.length, offset + 1 + Math.floor(next() * 12));
        const prefix = text.slice(0, offset);
        const split = splitGrowingText(prefix, previous);
        assert.deepEqual(split.blocks, splitBlocks(prefix), `round ${round}, ${JSON.stringify(prefix)}`);
        previous = split;
      }
    }
  });

  it("reuses the finished blocks of the previous split and starts over when the text is replaced", () => {
    const first = splitGrowingText("one\n\ntwo");
    const grown = splitGrowingText("one\n\ntwo\n\nthree", first);
    assert.deepEqual(grown.blocks, ["one", "two", "three"]);
    assert.equal(grown.blocks[0], first.blocks[0]);
    assert.equal(splitGrowingText("one\n\ntwo", first), first, "the same text: the same split");
    assert.deepEqual(splitGrowingText("other", grown).blocks, ["other"]);
  });
});
