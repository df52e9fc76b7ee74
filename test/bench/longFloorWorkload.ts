/**
 * The `longfloor` workload: the 2,000-entry load of `long`, done by the least an extension could
 * do in VS Code (floorExtension.js over dist/extension.js): `session/load` over bare NDJSON, one
 * string kept per replayed update, posted to a plain page in slices of 250 updates, each after the
 * page acknowledged the one before. Its figure is the extension host's RSS peak growth over the
 * same window as `long`'s (from before the load until 1 s after the page holds the last slice):
 * what VS Code's extension host grows by when 5 MB of conversation crosses it, with nothing of the
 * panel's (no SDK, no thread model, no journal, no history index) in the way.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sleep } from "../harness/processes";
import { eventually } from "../harness/chat";
import { ENTRIES_PER_TURN, LONG_TURNS, writeLongThreadState } from "./longThread";
import { extensionHostPid, heapAfterGcMb, innerFrame, openReadyChat, rssMb, sampleRss } from "./ui";
import type { Sample } from "./figures";
import {
  END_TIMEOUT_MS,
  SETTLE_MS,
  memorySamples,
  withUi,
  type WorkloadContext,
  type WorkloadResult,
} from "./uiWorkload";

const FLOOR_EXTENSION = join(dirname(fileURLToPath(import.meta.url)), "floorExtension.js");

export async function longFloorWorkload(ctx: WorkloadContext): Promise<WorkloadResult> {
  const entries = LONG_TURNS * ENTRIES_PER_TURN;
  const state = join(ctx.dir, "agent-state.json");
  const workspace = join(ctx.dir, "workspace");
  mkdirSync(workspace, { recursive: true });
  const seeded = writeLongThreadState(state, workspace, ctx.nonce);
  const env = { FAKE_AGENT_PROFILE: "bub", FAKE_AGENT_STATE: state };
  const floorCtx = { ...ctx, overlay: { ...ctx.overlay, "dist/extension.js": FLOOR_EXTENSION } };
  return withUi(floorCtx, "bench-long-floor", env, async (run, cleanup) => {
    const view = await openReadyChat(run.page);
    const frame = await innerFrame(run.page);
    const pid = extensionHostPid(run.server);
    await view.prompt.fill(`benchload ${seeded.sessionId}`);
    await sleep(SETTLE_MS);
    const heapBefore = await heapAfterGcMb(run.cdp);
    const rssBefore = pid === undefined ? undefined : rssMb(pid);
    const sampler = pid === undefined ? undefined : sampleRss(pid);
    if (sampler) cleanup.push(() => sampler.stop());
    const sent = Date.now();
    await view.send.click({ timeout: 30_000 });
    const loaded = () => frame.evaluate(() => (window as { __floorLoaded?: number }).__floorLoaded);
    await eventually(
      async () => (await loaded()) !== undefined,
      "the floor page to hold the last slice",
      END_TIMEOUT_MS,
    );
    const loadedAt = await loaded();
    await sleep(1_000); // as `long`: its window ends 1 s after the whole thread arrived
    const rssAfter = pid === undefined ? undefined : rssMb(pid);
    const rssPeak = sampler?.stop();
    const heapAfter = await heapAfterGcMb(run.cdp);
    const prefix = `longfloor.T${entries}`;
    const samples: Sample[] = [
      [`${prefix}.wholeThreadMs`, loadedAt === undefined ? undefined : loadedAt - sent, "ms"],
      ...memorySamples(prefix, { heapBefore, heapAfter, rssBefore, rssAfter, rssPeak }),
    ];
    return { samples, details: { seeded } };
  });
}
