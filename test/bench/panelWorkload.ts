/**
 * The `panel` workload in real VS Code: the empty panel (no agent configured), its first paint and
 * VS Code's activation time; and two floors: the same view serving a page without a bundle, and
 * one whose only script (a few bytes) paints: what loading any script through VS Code costs.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { resultsDir } from "../harness/paths";
import { runCommand } from "../harness/browser";
import { eventually } from "../harness/chat";
import { safeReaddir, sleep } from "../harness/processes";
import { paintTimings } from "./probes";
import { profileDir, startRendererProfile, stopRendererProfile } from "./profiling";
import { innerFrame, openPanel, type UiRun } from "./ui";
import type { Sample } from "./figures";
import { SETTLE_MS, withUi, type WorkloadContext, type WorkloadResult } from "./uiWorkload";

/** The page that paints one element and loads nothing (same view, host and CSP): the floor of opening. */
const FLOOR_HTML = join(dirname(fileURLToPath(import.meta.url)), "floorWebview.html");
/** The same with one tiny module script that paints the element: the floor of a page built by a script. */
const SCRIPT_FLOOR_HTML = join(dirname(fileURLToPath(import.meta.url)), "scriptFloorWebview.html");
const SCRIPT_FLOOR_JS = join(dirname(fileURLToPath(import.meta.url)), "scriptFloor.js");

/**
 * The empty panel (no agent configured): its first contentful paint and the activation time; and,
 * in a code-server of its own, the floor: the same view serving a page with no bundle
 * (floorWebview.html over media/webview.html), click to its first contentful paint.
 */
export async function panelWorkload(ctx: WorkloadContext): Promise<WorkloadResult> {
  const floor = await withUi(
    { ...ctx, overlay: { ...ctx.overlay, "media/webview.html": FLOOR_HTML } },
    "bench-floor",
    undefined,
    (run) => openToFirstPaint(run),
  );
  const scriptFloor = await withUi(
    {
      ...ctx,
      overlay: { ...ctx.overlay, "media/webview.html": SCRIPT_FLOOR_HTML, "dist/webview/main.js": SCRIPT_FLOOR_JS },
    },
    "bench-script-floor",
    undefined,
    (run) => openToFirstPaint(run),
  );
  return withUi(ctx, "bench-panel", undefined, async (run) => {
    const { clicked, paint, outerOrigin, outerMarks, activationStarted, resources } = await openToFirstPaint(
      run,
      `${ctx.runName}-panel-open`,
    );
    const activation = await activationTime(run.page);
    const openToFcp =
      paint.fcp === undefined || clicked === undefined ? undefined : paint.timeOrigin + paint.fcp - clicked;
    const samples: Sample[] = [
      [
        "panel.empty.clickToActivationMs",
        activationStarted === undefined || clicked === undefined ? undefined : activationStarted - clicked,
        "ms",
      ],
      [
        "panel.empty.clickToWebviewMs",
        outerOrigin === undefined || clicked === undefined ? undefined : outerOrigin - clicked,
        "ms",
      ],
      ["panel.empty.webviewBootMs", outerOrigin === undefined ? undefined : paint.timeOrigin - outerOrigin, "ms"],
      ["panel.empty.fcpMs", paint.fcp, "ms"],
      ["panel.empty.openToFcpMs", openToFcp, "ms"],
      ["panel.empty.workerReadyMs", workerReady(outerMarks), "ms"],
      ["open.floor", floor.openToFcpMs, "ms"],
      ["open.floorWorkerReadyMs", workerReady(floor.outerMarks), "ms"],
      ["open.floorFcpMs", floor.paint.fcp, "ms"],
      ["open.scriptFloorFcpMs", scriptFloor.paint.fcp, "ms"],
      ["activation.ms", activation?.total, "ms"],
    ];
    return {
      samples,
      details: {
        paint,
        outerMarks,
        activation,
        scriptFloor: { paint: scriptFloor.paint, resources: scriptFloor.resources },
        resources,
        floor: {
          paint: floor.paint,
          outerMarks: floor.outerMarks,
          outerToInnerMs: floor.outerOrigin === undefined ? undefined : floor.paint.timeOrigin - floor.outerOrigin,
        },
      },
    };
  });
}

/** When VS Code's outer webview frame had its service worker ready for the content (ms from its origin). */
function workerReady(marks: ReadonlyArray<[string, number]>): number | undefined {
  return marks.find(([name]) => name.endsWith("content/workerReady"))?.[1];
}

/**
 * Opens the view once the workbench has settled; the click and the inner frame's paint timings.
 * `profileName`: profile the renderer from the click to the first paint (BENCH_PROFILE).
 */
async function openToFirstPaint(run: UiRun, profileName?: string) {
  // Open the view once the workbench has finished starting (its eager extensions activated):
  // the figure is then about this extension, not about VS Code's own startup.
  await eventually(
    () => extensionHostLog(run).includes("Eager extensions activated"),
    "the extension host to finish starting",
    60_000,
  );
  await sleep(SETTLE_MS);
  if (profileName && profileDir()) await startRendererProfile(run.cdp);
  const clicked = await openPanel(run.page, true);
  const frame = await innerFrame(run.page);
  let paint = await paintTimings(frame);
  const deadline = Date.now() + 30_000;
  while (paint.fcp === undefined && Date.now() < deadline) {
    await sleep(100);
    paint = await paintTimings(frame);
  }
  if (profileName && profileDir()) await stopRendererProfile(run.cdp, profileName);
  // Each file the page loaded (VS Code's service worker serves them): name, start and end, ms from the frame's origin.
  const resources = (await frame.evaluate(
    `performance.getEntriesByType("resource").map((r) => [r.name.split("/").pop(), Math.round(r.startTime), Math.round(r.responseEnd)])`,
  )) as Array<[string, number, number]>;
  // Where the time before the first paint goes: the outer webview iframe (VS Code's host page)
  // starts loading after activation and resolveWebviewView; our HTML loads in the inner frame.
  const outer = frame.parentFrame();
  const outerOrigin = outer ? ((await outer.evaluate("performance.timeOrigin")) as number) : undefined;
  // VS Code's own marks in the outer frame (pre/index.html): the HTML arrived, its service worker was ready.
  const outerMarks = outer
    ? ((await outer.evaluate(
        `performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)])`,
      )) as Array<[string, number]>)
    : [];
  // The exthost log names the activation (no duration) with a local, millisecond timestamp.
  const activatedLine = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) .*_doActivateExtension acp-panel\.acp-panel/m.exec(
    extensionHostLog(run),
  );
  const activationStarted = activatedLine ? new Date(`${activatedLine[1]}T${activatedLine[2]}`).getTime() : undefined;
  const openToFcpMs =
    paint.fcp === undefined || clicked === undefined ? undefined : paint.timeOrigin + paint.fcp - clicked;
  return { clicked, paint, outerOrigin, outerMarks, activationStarted, openToFcpMs, resources };
}

/** The remote extension host's log (user-data/logs/<session>/exthost1/remoteexthost.log), "" before it exists. */
function extensionHostLog(run: UiRun): string {
  const logs = join(run.server.userDataDir, "logs");
  return safeReaddir(logs)
    .map((session) => {
      try {
        return readFileSync(join(logs, session, "exthost1/remoteexthost.log"), "utf8");
      } catch {
        return "";
      }
    })
    .join("\n");
}

/**
 * VS Code's own activation figure, as "Developer: Show Running Extensions" shows it ("Activation:
 * N ms" = code loading + the activate() call). The exthost log only names the activation event.
 */
async function activationTime(page: Page): Promise<{ total: number; text: string } | undefined> {
  await runCommand(page, "Developer: Show Running Extensions");
  const row = page.locator(".runtime-extensions-editor .monaco-list-row", { hasText: "ACP Panel" }).first();
  // The list is virtualised and sorted slowest first: a fast extension is at the bottom, so scroll.
  const list = page.locator(".runtime-extensions-editor .monaco-list").first();
  await list.waitFor({ timeout: 30_000 });
  for (let i = 0; i < 40 && !(await row.isVisible()); i++) {
    await list.hover();
    await page.mouse.wheel(0, 400);
    await sleep(100);
  }
  await row.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, "bench-running-extensions-failure.png") }).catch(() => undefined);
    throw error;
  });
  let text = "";
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    text =
      (await row
        .locator(".activation-time")
        .first()
        .textContent()
        .catch(() => "")) ?? "";
    if (/\d/.test(text)) break;
    await sleep(200);
  }
  const total = /(\d+(?:\.\d+)?)\s*ms/.exec(text)?.[1];
  return total === undefined ? undefined : { total: Number(total), text: text.trim() };
}
