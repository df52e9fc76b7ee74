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

/**
 * The .vsix the e2e tests install: the one `npm run package` writes, or `ACP_PANEL_VSIX` (an
 * absolute path) to run a test against another build, e.g. an older commit's, to see it fail there.
 */
export function vsixPath(): string {
  const override = process.env.ACP_PANEL_VSIX;
  if (override) return override;
  const { name, version } = manifest();
  return join(repoRoot, `${name}-${version}.vsix`);
}
