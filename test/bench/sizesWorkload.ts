/**
 * The `sizes` workload: the .vsix, and inside it the webview's shell, its chunks and stylesheet,
 * the entry activation loads and the rest of the host code, from the packaged (production) build.
 */
import { statSync } from "node:fs";
import type { Sample } from "./figures";
import { zipEntries } from "./vsixEntries";

/** The figures of `vsix`; what is missing from it is added to `failures`. */
export function sizesWorkload(vsix: string, failures: string[]): Sample[] {
  const samples: Sample[] = [];
  samples.push(["size.vsixKiB", statSync(vsix).size / 1024, "KiB"]);
  // What ships: the entries of the packaged (production) build, not whatever dist/ holds now.
  const entries = zipEntries(vsix);
  for (const [figure, file] of [
    ["size.webviewJsKiB", "dist/webview/main.js"],
    ["size.webviewCssKiB", "dist/webview/main.css"],
    ["size.extensionJsKiB", "dist/extension.js"],
    ["size.hostJsKiB", "dist/host.js"],
  ] as const) {
    const entry = entries.find((e) => e.name === `extension/${file}`);
    if (!entry) failures.push(`sizes: ${file} is not in the .vsix`);
    samples.push([figure, entry && entry.size / 1024, "KiB"]);
  }
  // The split webview: main.js is the shell; the transcript and each grammar are chunks beside it.
  const chunks = entries.filter(
    (e) => /^extension\/dist\/webview\/[^/]+\.js$/.test(e.name) && !e.name.endsWith("/main.js"),
  );
  samples.push(
    ["size.webviewChunksKiB", chunks.reduce((sum, e) => sum + e.size, 0) / 1024, "KiB"],
    ["size.webviewChunks", chunks.length, "count"],
  );
  if (chunks.length === 0) failures.push("sizes: no webview chunks beside main.js in the .vsix");
  return samples;
}
