/**
 * Where things are, computed from this file's location so nothing depends on the machine the
 * clone lives on.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (two levels above test/harness/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Screenshots and other artefacts of test runs (git-ignored). */
export const resultsDir = join(repoRoot, "test-results");

/** The scripted fake ACP agent, built by `node esbuild.mjs`. */
export const fakeAgentScript = join(repoRoot, "out/test/fakeAgent.js");

/** The extension-host mocha entry, built by `node esbuild.mjs`. */
export const extensionTestsEntry = join(repoRoot, "out/test/suite/index.js");

interface Manifest {
  readonly name: string;
  readonly publisher: string;
  readonly version: string;
}

export function manifest(): Manifest {
  return JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as Manifest;
}

/** `publisher.name`, the id VS Code knows the extension by. */
export function extensionId(): string {
  const { publisher, name } = manifest();
  return `${publisher}.${name}`;
}

/** The path `npm run package` writes the .vsix to. */
export function vsixPath(): string {
  const { name, version } = manifest();
  return join(repoRoot, `${name}-${version}.vsix`);
}
