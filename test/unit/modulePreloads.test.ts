/**
 * The host's modulepreload tags for the webview's chunks (src/shared/wire/modulePreloads.ts): built from
 * the build's preload.json, nonce'd, and only for plain chunk names beside main.js.
 */
import * as assert from "node:assert/strict";
import { describe, it } from "node:test";
import { modulePreloadTags, preloadChunks } from "../../src/shared/wire/modulePreloads";

describe("webview module preloads", () => {
  it("turns the build's list into nonce'd modulepreload links", () => {
    const chunks = preloadChunks('{"preload":["chunk-HAVPMGXR.js","chunk-MSVEMT6N.js"]}');
    assert.deepEqual(chunks, ["chunk-HAVPMGXR.js", "chunk-MSVEMT6N.js"]);
    assert.equal(
      modulePreloadTags(chunks, (name) => `https://webview.test/dist/webview/${name}`, "N0NCE"),
      '<link rel="modulepreload" href="https://webview.test/dist/webview/chunk-HAVPMGXR.js" nonce="N0NCE">\n' +
        '  <link rel="modulepreload" href="https://webview.test/dist/webview/chunk-MSVEMT6N.js" nonce="N0NCE">',
    );
  });

  it("ignores anything that is not a chunk name beside main.js, and a missing or broken file", () => {
    assert.deepEqual(preloadChunks('{"preload":["../../host.js","a/b.js","x.css","\\"><script>.js",7,"ok-1.js"]}'), [
      "ok-1.js",
    ]);
    assert.deepEqual(preloadChunks(undefined), []);
    assert.deepEqual(preloadChunks("not json"), []);
    assert.deepEqual(preloadChunks('{"preload":"chunk.js"}'), []);
    assert.equal(
      modulePreloadTags([], (name) => name, "n"),
      "",
    );
  });
});
