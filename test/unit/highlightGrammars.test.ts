/**
 * highlight.js grammars load on demand (webview/transcript/markdown/highlight.ts): a fence's language or alias
 * starts its grammar's load, the render that found it missing learns what to wait for, and the
 * next render is highlighted.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { highlightCode, loadGrammar, whileCollectingGrammarWaits } from "../../webview/transcript/markdown/highlight";

describe("on-demand grammars", () => {
  it("renders plain while the grammar an alias names loads, then highlights", async () => {
    const code = "fn main() {\n    let answer = 42;\n}";
    const first = whileCollectingGrammarWaits(() => highlightCode(code, "rs"));
    assert.equal(first.value, undefined, "plain until the Rust grammar is in");
    assert.equal(first.waits.length, 1, "the render learns what to wait for");
    await Promise.all(first.waits);
    const second = whileCollectingGrammarWaits(() => highlightCode(code, "rs"));
    assert.deepEqual(second.waits, [], "nothing left to wait for");
    assert.match(second.value ?? "", /<span class="hljs-keyword">fn<\/span>/);
  });

  it("loads each grammar once, whichever alias asks", () => {
    const byName = loadGrammar("python");
    assert.ok(byName);
    assert.equal(loadGrammar("py"), byName);
    assert.equal(loadGrammar("ipython"), byName);
  });

  it("leaves unknown languages plain, with nothing to wait for", () => {
    const result = whileCollectingGrammarWaits(() => highlightCode("x := 1", "no-such-language"));
    assert.equal(result.value, undefined);
    assert.deepEqual(result.waits, []);
    assert.equal(loadGrammar("no-such-language"), undefined);
  });
});
