/**
 * `npm run demo`: real VS Code (code-server) on 127.0.0.1 with the packaged extension installed
 * and the offline Demo Agent configured, in a demo folder in the cache. Prints the URL and the
 * password code-server asks for (random per run: any local user can reach the port, and whoever
 * gets in has a terminal as you). Workspace Trust stays on: VS Code asks whether to trust the demo
 * folder. Ctrl-C stops everything.
 *
 * `npm run demo -- --screenshot` (or DEMO_SCREENSHOT=1): instead of waiting, opens the panel in
 * headless Chromium, sends "hello", waits for the reply, saves test-results/demo.png and exits.
 * DEMO_PORT=8080 picks the port (default: a free one).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Browser } from "playwright-core";
import { demoAgentSettings } from "./agent";
import { launchBrowser, openFile, openWorkbench, screenshot } from "./browser";
import { eventually, openChat, sendPrompt } from "./chat";
import { startCodeServer, type CodeServer } from "./codeServer";
import { repoRoot, vsixPath } from "./paths";
import { ensureTools } from "./tools";

const DEMO_FILES: Record<string, string> = {
  "README.md": [
    "# ACP Panel demo",
    "",
    "Open the **ACP Panel** in the activity bar and say `hello` to the Demo Agent.",
    "A prompt that starts with `long` runs until you press **Stop**.",
    "",
  ].join("\n"),
  "src/greet.ts": ["export function greet(name: string): string {", "  return `Hello, ${name}!`;", "}", ""].join("\n"),
};

/** Until the server is up, a signal just exits: the harness's exit hook kills what was started. */
let onSignal: (signal: NodeJS.Signals) => void = () => process.exit(130);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, (s) => onSignal(s));

async function main(): Promise<number> {
  const started = Date.now();
  const wantShot = process.argv.includes("--screenshot") || process.env.DEMO_SCREENSHOT === "1";
  const vsix = vsixPath();
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run \`npm run package\` (npm run demo does)`);
  const { cacheDir } = ensureTools();
  const workspace = join(cacheDir, "demo-workspace");
  for (const [name, text] of Object.entries(DEMO_FILES)) {
    const file = join(workspace, name);
    mkdirSync(join(file, ".."), { recursive: true });
    if (!existsSync(file)) writeFileSync(file, text);
  }

  const server = await startCodeServer({
    label: "demo",
    workspace,
    extensionVsix: vsix,
    settings: demoAgentSettings(),
    port: Number(process.env.DEMO_PORT ?? 0),
  });
  let browser: Browser | undefined;
  let stopping: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    (stopping ??= (async () => {
      await browser?.close().catch(() => undefined);
      await server.stop();
    })());

  console.log("");
  console.log(`ACP Panel demo: ${server.folderUrl()}`);
  console.log(`  password:  ${server.password}`);
  console.log(`  extension: ${relative(process.cwd(), vsix) || vsix}`);
  console.log(`  folder:    ${workspace}`);
  console.log(`  log:       ${server.logFile}`);
  console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  onSignal = (signal) => {
    console.log(`\n${signal}: stopping the demo…`);
    void shutdown().then(() => process.exit(130));
  };
  if (wantShot) {
    try {
      browser = await launchBrowser({ homeDir: server.homeDir });
      await takeScreenshot(browser, server);
      return 0;
    } finally {
      await shutdown();
    }
  }

  console.log("Open the URL in a browser on this machine and sign in with the password (keep it to yourself).");
  console.log('When VS Code asks whether you trust the demo folder, choose "Yes, I trust the authors".');
  console.log("Ctrl-C stops the demo.");
  // A pending promise does not keep node running: this timer does, until a signal or the server's exit.
  const keepAlive = setInterval(() => undefined, 60_000);
  const code = await new Promise<number>((resolve) => {
    onSignal = (signal) => {
      console.log(`\n${signal}: stopping the demo…`);
      void shutdown().then(() => resolve(0));
    };
    void server.exited.then((how) => {
      if (stopping) return;
      console.error(`code-server exited on its own (${how}); see ${server.logFile}`);
      void shutdown().then(() => resolve(1));
    });
  });
  clearInterval(keepAlive);
  return code;
}

async function takeScreenshot(browser: Browser, server: CodeServer): Promise<void> {
  const t = Date.now();
  const { page } = await openWorkbench(browser, server.folderUrl());
  try {
    await openFile(page, "README.md");
    const view = await openChat(page);
    await sendPrompt(view, "hello");
    await view.log.locator("strong", { hasText: "ACP Panel demo agent" }).first().waitFor({ timeout: 30_000 });
    await view.log.getByText("to see a turn you can", { exact: false }).first().waitFor({ timeout: 30_000 });
    await eventually(async () => !/working/i.test((await view.status.textContent()) ?? ""), "the turn to end");
    const file = await screenshot(page, "demo.png");
    console.log(`screenshot: ${relative(repoRoot, file)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (error) {
    const file = await screenshot(page, "demo-failure.png").catch(() => "(none)");
    console.error(`demo screenshot failed; the page is in ${file}`);
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
