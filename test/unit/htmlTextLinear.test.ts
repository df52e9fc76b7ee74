/**
 * htmlToText runs synchronously on the extension host over pages up to 1 MiB, so every pass must
 * be linear: hostile input that a backtracking pattern rescans from each `<` (unclosed tags,
 * comments, hidden elements, a title) converts in time proportional to its length.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { htmlToText } from "../../src/acp/context/htmlText";
import { cpuMillis } from "../support/cpuMillis";

const MIB = 1024 * 1024;

const HOSTILE = ["<a", "<p", "<!--", "<script>", "<title>", "<br ", "<!", "<?", "</div ", "<a <b"];

function millis(input: string): number {
  return cpuMillis(() => htmlToText(input));
}

// The bounds are two orders of magnitude above what a linear scan needs (a few ms here), and far
// below the old patterns: 128 KiB of "<a" took about 9 s, a MiB about ten minutes.
test("hostile markup converts in linear time: 128 KiB well under 250 ms, the 1 MiB cap under 2 s", () => {
  for (const size of [128 * 1024, MIB]) {
    const bound = size === MIB ? 2_000 : 250;
    for (const unit of HOSTILE) {
      const input = unit.repeat(Math.ceil(size / unit.length));
      // The best of three, so one garbage collection or a busy core does not decide.
      const best = Math.min(millis(input), millis(input), millis(input));
      assert.ok(best < bound, `${JSON.stringify(unit)}: ${best.toFixed(0)} ms for ${size} chars`);
    }
  }
});

test("normal HTML still converts: hidden elements, comments, the title and unclosed bodies", () => {
  assert.equal(
    htmlToText(
      "<html><head><title>The &amp; Title</title><style>p{}</style></head><body><p>One<br>two</p>" +
        "<SCRIPT type=x>alert(1)</script ><!-- gone --><div>three <b>bold</b></div></body></html>",
    ),
    "The & Title\n\nOne\ntwo\nthree bold",
  );
  assert.equal(htmlToText("<p>kept</p><script>never closed <p>dropped</p>"), "kept");
  assert.equal(htmlToText("<p>kept</p><!-- never closed <p>dropped</p>"), "kept");
  assert.equal(htmlToText("<title>unclosed<p>body</p>"), "unclosed\nbody");
  assert.equal(htmlToText("<svg><svg>x</svg>y</svg><p>z</p>"), "y\nz");
});

test("markup that is not a tag stays text, and the next `>` ends a tag as a browser reads it", () => {
  assert.equal(htmlToText("a < b and 1 <2 </ c"), "a < b and 1 <2 </ c");
  assert.equal(htmlToText("<p>x <a never ends"), "x <a never ends");
  assert.equal(htmlToText("<a <b>one</a><pre>two</pre><P>three<BR/>four"), "one\ntwo\nthree\nfour");
  assert.equal(htmlToText("<!doctype html><?xml x?>&lt;b&gt; &#x41;&#66;"), "<b> AB");
  assert.equal(htmlToText("<head><title>In <b>head</b></title></head><p>Body</p>"), "In head\n\nBody");
});
