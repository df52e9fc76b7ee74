/**
 * Row height guesses without a browser: prose wraps with the width and code does not, a wider view
 * never guesses taller, and the guess per width is the text's shape rescaled (rowEstimates.ts).
 * Chromium's laid-out heights are the other half (rowEstimates.test.ts).
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as fc from "fast-check";
import { charsPerLine, estimateTextHeight } from "../../webview/transcript/scroll/rowEstimates";

const line = fc.oneof(
  fc.string({ maxLength: 300 }).map((text) => text.replaceAll("\n", " ")),
  fc.constant(""),
  fc.constant("```ts"),
  fc.constant("```"),
);
const markdown = fc.array(line, { maxLength: 60 }).map((lines) => lines.join("\n"));

describe("row height guesses", () => {
  it("never guess a wider view taller", () =>
    fc.assert(
      fc.property(
        markdown,
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 0, max: 2000 }),
        (text, width, more) => {
          assert.ok(
            estimateTextHeight(text, charsPerLine(width + more)) <= estimateTextHeight(text, charsPerLine(width)),
          );
        },
      ),
    ));

  it("guesses fenced code the same at every width, and prose shorter in a wider view", () => {
    const code = [
      "```ts",
      ...Array.from({ length: 40 }, (_, i) => `const value${i} = compute(${i}) + ${"x".repeat(120)};`),
      "```",
    ].join("\n");
    assert.equal(estimateTextHeight(code, charsPerLine(400)), estimateTextHeight(code, charsPerLine(1600)));
    const prose = Array.from({ length: 10 }, () => "word ".repeat(80)).join("\n\n");
    assert.ok(estimateTextHeight(prose, charsPerLine(400)) > 2 * estimateTextHeight(prose, charsPerLine(1600)));
  });

  it("rounds the width to steps, so a resize by a few pixels keeps every guess", () => {
    const widths = [500, 501, 503, 510];
    assert.equal(new Set(widths.map(charsPerLine)).size, 1);
    assert.ok(charsPerLine(100) >= 24, "a tiny view still wraps at some width");
  });
});
