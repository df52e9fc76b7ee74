/**
 * day.T300 in the webview (`npm run bench -- --only dayweb`, dayWorkload.ts): the built webview
 * (dist/webview, `node esbuild.mjs`) in headless Chromium (test/webview/harness.ts's page), fed
 * by the panel's real host side: a SessionManager with 10 other tabs open and a busy tab running
 * 300 turns of `benchday` (the turn journalDay.ts measures on the host), seen through a
 * SessionView as the side panel sees it (`state/snapshot`, then `state/actions` batches under
 * ReplicaFeed's flow control, `tabs/state` for the strip). What the webview posts goes back to the
 * view as panelMessages.ts routes it: `state/ack` to the feed, `webview/ready` and `state/resync`
 * to a resync. At turn 50 and at turn 300, once the webview has acknowledged everything posted,
 * the renderer collects garbage (HeapProfiler.collectGarbage, three times) and the JS heap in use
 * is read (Runtime.getHeapUsage). Prints one line `{"figures":[[name, value, unit], …]}`:
 * - `day.T300.webviewHeapGrowthMB`: turn 300 minus turn 50 (target ≤ 20);
 * - `day.T300.webviewHeapAt50MB`, `…At300MB`: the two absolute values;
 * - `day.T300.webviewDomNodesAt50`, `…At300`: elements in the document at both points;
 * - `day.T300.webviewLoadAverage`: the machine's 1-minute load average over the run.
 *
 *   node --import tsx test/bench/webviewDay.ts
 */
import { loadavg } from "node:os";
import type { CDPSession, Page } from "playwright-core";
import { SessionManager } from "../../src/acp/sessions/sessionManager";
import { SessionIndex } from "../../src/acp/sessions/sessionIndex";
import { SessionView } from "../../src/acp/sessions/sessionView";
import { EditorPlacements } from "../../src/acp/sessions/editorPlacements";
import { systemClock } from "../../src/acp/ports";
import type { HostMessage, WebviewMessage } from "../../src/shared/wire/protocol";
import { memorySessionStorage } from "../support/memorySessionStorage";
import { fakeAgentProcess } from "../support/fakeAgentLaunch";
import { MemoryCatalog, MemoryLogger, fixedWorkspace } from "../support/memoryPorts";
import { scratchDir } from "../support/scratchDir";
import { startHarness } from "../webview/harness";
import { runAndExit } from "./scriptExit";

const TURNS = Number(process.env.DAY_TURNS ?? 300);
const OTHER_TABS = 10;
const P = `day.T${TURNS}`;

/** The renderer's JS heap in use after full collections, in MB, and the document's element count. */
async function heapAfterGc(cdp: CDPSession, page: Page): Promise<{ heap: number; nodes: number }> {
  for (let i = 0; i < 3; i++) await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  return { heap: usedSize / (1024 * 1024), nodes };
}

async function main(): Promise<void> {
  const loadStart = loadavg()[0]!;
  const agent = fakeAgentProcess("Demo");
  const workspace = scratchDir("acp-webview-day-ws-");
  const manager = new SessionManager(
    {
      catalog: new MemoryCatalog([agent.launch]),
      workspace: fixedWorkspace(workspace),
      logger: new MemoryLogger(),
      clock: systemClock,
      restartDelaysMs: [],
    },
    new SessionIndex(memorySessionStorage()),
  );
  for (let i = 0; i < OTHER_TABS; i++) await (await manager.newTab("Demo")).prompt(`hello from tab ${i}`);
  const busy = await manager.newTab("Demo");

  const harness = await startHarness();
  const context = await harness.browser.newContext({ viewport: { width: 420, height: 720 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));

  // The webview's posts reach the host through a binding, not the fake API's `window.__sent`
  // array, which would grow by an ack per batch and be measured as the webview's heap.
  let posted = 0;
  let acked = -1;
  let lastPostAt = 0;
  const host: { view?: SessionView } = {};
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((done) => (ready = done));
  await page.exposeBinding("__toHost", (_source, message: WebviewMessage) => {
    if (message.type === "state/ack") {
      acked = Math.max(acked, message.seq);
      host.view?.acknowledge(message.seq, message.history);
    } else if (message.type === "webview/ready" || message.type === "state/resync") {
      host.view?.resync();
      ready();
    }
  });
  // A string, not a function: tsx's transform would put its `__name` helper into the page.
  await page.addInitScript(
    `(() => { const sink = { push: (message) => window.__toHost(message) };
      Object.defineProperty(window, "__sent", { configurable: true, get: () => sink, set: () => undefined }); })();`,
  );
  let stripTabs = 0;
  const post = (message: HostMessage) => {
    lastPostAt = performance.now();
    if (message.type === "tabs/state") stripTabs = message.tabs.length;
    if (message.type === "state/snapshot") posted = Math.max(posted, message.seq);
    if (message.type === "state/actions")
      posted = Math.max(posted, message.through ?? message.seq + message.actions.length - 1);
    void page.evaluate((data) => window.postMessage(data, "*"), message).catch(() => undefined);
  };
  const view = (host.view = new SessionView({
    manager,
    target: { kind: "active" },
    placements: new EditorPlacements(),
    post,
  }));
  const log = (line: string) => process.stderr.write(`[dayweb] ${line}\n`);
  log("tabs open; loading the webview");
  await page.goto(harness.baseUrl);
  await isReady;
  log("webview ready");

  /** Everything posted is rendered and acknowledged, and nothing was posted for 100 ms. */
  const caughtUp = async () => {
    for (const deadline = Date.now() + 60_000; ;) {
      if (acked >= posted && performance.now() - lastPostAt > 100) return;
      if (Date.now() > deadline) throw new Error(`the webview acknowledged ${acked} of ${posted}`);
      await new Promise((done) => setTimeout(done, 20));
    }
  };
  const cdp = await context.newCDPSession(page);
  let at50 = { heap: 0, nodes: 0 };
  for (let turn = 1; turn <= TURNS; turn++) {
    await busy.prompt(`benchday t${turn}`);
    if (turn % 25 === 0) log(`turn ${turn}: posted ${posted}, acknowledged ${acked}`);
    if (turn === Math.min(50, TURNS)) {
      await caughtUp();
      at50 = await heapAfterGc(cdp, page);
    }
  }
  await caughtUp();
  const atEnd = await heapAfterGc(cdp, page);
  const entries = busy.store.state.thread.entries.length;
  // The webview was given the 11 tabs (its strip shows as many as fit) and shows the last turn's edit.
  const shown = {
    tabs: stripTabs,
    last: await page.evaluate((turn) => document.body.textContent?.includes(`${turn}.ts`) ?? false, `t${TURNS}`),
  };
  view.dispose();
  await context.close();
  await harness.close();
  await manager.dispose();
  if (problems.length) throw new Error(`the webview reported problems:\n${problems.join("\n")}`);
  if (shown.tabs < OTHER_TABS + 1 || !shown.last) throw new Error(`the webview shows ${JSON.stringify(shown)}`);

  const figures: Array<[string, number, string]> = [];
  const figure = (name: string, value: number, unit: string) =>
    figures.push([name, Math.round(value * 100) / 100, unit]);
  console.log(`# ${TURNS} turns, ${entries} entries, ${OTHER_TABS} other tabs, ${new Date().toISOString()}`);
  figure(`${P}.webviewHeapGrowthMB`, atEnd.heap - at50.heap, "MB");
  figure(`${P}.webviewHeapAt50MB`, at50.heap, "MB");
  figure(`${P}.webviewHeapAt${TURNS}MB`, atEnd.heap, "MB");
  figure(`${P}.webviewDomNodesAt50`, at50.nodes, "count");
  figure(`${P}.webviewDomNodesAt${TURNS}`, atEnd.nodes, "count");
  figure(`${P}.webviewLoadAverage`, (loadStart + loadavg()[0]!) / 2, "ratio");
  console.log(JSON.stringify({ figures }));
}

runAndExit(main);
