import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cleanSessionTitle } from "../../src/shared/sessionTitle";

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
  });
});
