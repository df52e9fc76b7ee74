/**
 * What the panel's page must load before its first paint: main.js and the chunks it imports
 * statically (preload.json, which the host preloads beside it). In VS Code every byte of it comes
 * through the webview's resource loader, and the first paint waits for all of it. The Markdown
 * pipeline (marked, DOMPurify, highlight.js: about 120 KB minified) belongs to the transcript's lazy chunk
 * (transcript/LazyTranscript.tsx); a static import of it from the shell (as the plans by id had)
 * puts it back in front of the first paint. Run after `node esbuild.mjs` (test:webview does).
 */
import * as assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import { preloadChunks } from "../../src/shared/wire/modulePreloads";

const dist = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/webview");

/** Strings each library keeps through minification (its messages and option names). */
const LIBRARY_MARKS: Record<string, string> = {
  marked: "input parameter is undefined or null",
  DOMPurify: "ALLOWED_TAGS",
  "highlight.js": "Language definition for",
};

describe("the page's initial bundle", () => {
  const initial = ["main.js", ...preloadChunks(readFileSync(join(dist, "preload.json"), "utf8"))];
  const later = readdirSync(dist).filter((name) => name.endsWith(".js") && !initial.includes(name));

  for (const [library, mark] of Object.entries(LIBRARY_MARKS))
    it(`leaves ${library} to the transcript's lazy chunk`, () => {
      const holding = initial.filter((name) => readFileSync(join(dist, name), "utf8").includes(mark));
      assert.deepEqual(holding, [], `${library} is loaded before the first paint`);
      // The mark is still the library's: some lazy chunk has it (else this test would prove nothing).
      assert.ok(
        later.some((name) => readFileSync(join(dist, name), "utf8").includes(mark)),
        `no chunk holds ${library}'s mark "${mark}": update LIBRARY_MARKS`,
      );
    });
});
