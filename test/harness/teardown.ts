/**
 * The end of an e2e suite, and the per-test check that no terminal outlived its test: the same in
 * every file that runs code-server with Chromium.
 */
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import type { CodeServer } from "./codeServer";
import { eventually } from "./chat";
import { terminalProcesses } from "./workbench";

/** Closes the browser, stops code-server (stray processes are reported in the test output) and removes the scratch folder. */
export async function tearDownUi(
  browser: Browser | undefined,
  server: CodeServer | undefined,
  scratch: string | undefined,
): Promise<void> {
  await browser?.close().catch(() => undefined);
  const report = await server?.stop();
  if (report?.strays.length) console.log(`# stray processes after teardown: ${report.strays.join(" | ")}`);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

/** Every e2e terminal carries a marker (environment and command line): none may outlive its test. */
export async function assertNoTerminalProcesses(server: CodeServer | undefined): Promise<void> {
  await eventually(() => terminalProcesses(server).length === 0, "no terminal process to be left", 10_000).catch(() => {
    throw new Error(`terminal processes still alive: ${terminalProcesses(server).join(" | ")}`);
  });
}
