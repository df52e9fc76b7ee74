/**
 * Runs the mocha suites of test/e2e/suite/ inside code-server's node extension host, the way
 * @vscode/test-electron does on the desktop: the repo is loaded as the development extension and
 * out/test/suite/index.js as `extensionTestsPath`, through the workbench's ?payload= (honoured by
 * a built workbench only with the smoke-test driver on). See docs/reference/vscode-e2e.md, section 8.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { SuiteResult } from "../e2e/suite/index";
import { launchBrowser } from "./browser";
import { startCodeServer } from "./codeServer";
import { signIn } from "./serverAuth";
import { extensionTestsEntry, repoRoot } from "./paths";

export interface ExtensionHostRun {
  /** What the workbench passed to window.codeAutomationExit: 0 when every test passed. */
  readonly exitCode: number | "timeout";
  /** The suite's result file, if run() got far enough to write it. */
  readonly result: SuiteResult | undefined;
  /** Workbench log lines (mocha's spec output among them). */
  readonly log: readonly string[];
  readonly ms: number;
  readonly serverLog: string;
}

export interface ExtensionHostOptions {
  /** User settings for the run (e.g. an agent to start). */
  readonly settings?: Record<string, unknown>;
  readonly timeoutMs?: number;
}

export async function runExtensionHostTests(options: ExtensionHostOptions = {}): Promise<ExtensionHostRun> {
  const started = Date.now();
  for (const file of [extensionTestsEntry, join(repoRoot, "dist/extension.js")]) {
    if (!existsSync(file)) throw new Error(`${relative(repoRoot, file)} is missing: run \`node esbuild.mjs\` first`);
  }
  const scratch = mkdtempSync(join(tmpdir(), "acp-panel-exthost-"));
  const workspace = join(scratch, "workspace");
  mkdirSync(workspace);
  writeFileSync(join(workspace, "README.md"), "# extension-host tests\n");
  const resultFile = join(scratch, "result.json");

  const server = await startCodeServer({
    label: "exthost",
    workspace,
    settings: options.settings ?? {},
    smokeDriver: true,
    env: { E2E_TEST_RESULT: resultFile },
  });
  const log: string[] = [];
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    browser = await launchBrowser({ homeDir: server.homeDir });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(context, server);
    const page = await context.newPage();
    let settle: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (settle = resolve));
    await page.exposeFunction("codeAutomationLog", (type: string, args: unknown) => {
      const parts = Array.isArray(args) ? args : [args];
      log.push(`[${type}] ${parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" ")}`);
    });
    await page.exposeFunction("codeAutomationExit", (code: number) => settle(code));
    // The remote authority is exactly host:port of the page URL.
    const devPath = `vscode-remote://${server.authority}${repoRoot}`;
    const testsPath = `vscode-remote://${server.authority}${extensionTestsEntry}`;
    const payload = JSON.stringify([
      ["extensionDevelopmentPath", devPath],
      ["extensionTestsPath", testsPath],
    ]);
    await page.goto(server.folderUrl(workspace, { payload }));
    const timeoutMs = options.timeoutMs ?? 180_000;
    let timer: NodeJS.Timeout | undefined;
    const exitCode = await Promise.race([
      exited,
      new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs))),
    ]);
    clearTimeout(timer);
    const result = existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, "utf8")) as SuiteResult) : undefined;
    return { exitCode, result, log, ms: Date.now() - started, serverLog: server.logFile };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
