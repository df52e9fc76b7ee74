import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cleanSessionTitle } from "../../src/shared/thread/sessionTitle";
import { cpuMillis } from "../support/cpuMillis";

describe("cleanSessionTitle drops Markdown markup (issue 29: tab titles)", () => {
  it("keeps the words of emphasis, code, links and headings", () => {
    assert.equal(cleanSessionTitle("**Fix** the `greet` function"), "Fix the greet function");
    assert.equal(cleanSessionTitle("## Refactor *the* parser"), "Refactor the parser");
    assert.equal(cleanSessionTitle("See [the docs](https://example.com) and ![logo](x.png)"), "See the docs and logo");
    assert.equal(cleanSessionTitle("> quoted __bold__ ~~gone~~"), "quoted bold gone");
    assert.equal(cleanSessionTitle("- list item"), "list item");
  });
  it("leaves text that only looks like markup alone", () => {
    assert.equal(cleanSessionTitle("rename snake_case_name to camelCase"), "rename snake_case_name to camelCase");
    assert.equal(cleanSessionTitle("2 * 3 * 4 = 24"), "2 * 3 * 4 = 24");
    assert.equal(cleanSessionTitle("C# and F#"), "C# and F#");
    assert.equal(cleanSessionTitle("fix my__var__name and __init__"), "fix my__var__name and init");
  });
  it("reads a hostile title's markup in linear time (an agent's title is untrusted)", () => {
    // Every `**x` opens bold and no ` **` can close it: the old markup pass scanned to the end from
    // each opener (160 KB took 38 s on the extension host). Only the part that can be shown is read.
    const hostile = "**x ".repeat(40_000);
    let title = "";
    const elapsed = cpuMillis(() => (title = cleanSessionTitle(hostile)));
    assert.ok(elapsed < 1_000, `${Math.round(elapsed)} ms for a ${hostile.length}-character title`);
    assert.ok(title.length <= 200 && title.startsWith("**x **x"), title);
  });
});
