/**
 * One shard of `npm run check` (quickCheck.ts): loads the test files named on the command line into
 * this one process, each inside a suite named after the file, so its tests and its top-level hooks
 * (`afterEach(() => cleanup.run())`) stay its own. Loading each file in a process of its own (what
 * `node --test` does, and `npm test` keeps doing) costs tsx's start-up per file, which was more than
 * most files' tests take.
 */
import { resolve } from "node:path";
import { describe } from "node:test";
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) {
  void describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
