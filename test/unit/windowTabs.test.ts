/**
 * WindowTabs: two windows on one workspace each get their own tabs back (issue 27, two windows).
 * Real files in a scratch folder; which process is alive is injected.
 */
import * as assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { WindowTabs, type WindowTabsOptions } from "../../src/acp/sessions/windowTabs";

const tabs = (...ids: string[]) => ({ tabs: ids.map((sessionId) => ({ agent: "Demo", sessionId })) });

describe("WindowTabs", () => {
  let dir: string;
  let now = 1_000;
  const live = new Set<number>();
  const slept: number[] = [];
  const window = (id: string, pid: number, extra: Partial<WindowTabsOptions> = {}) => {
    live.add(pid);
    return new WindowTabs({
      dir,
      id,
      pid,
      now: () => now,
      alive: (p) => live.has(p),
      bootTime: 0,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
      ...extra,
    });
  };

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), "window-tabs-")), "window-tabs");
    live.clear();
    slept.length = 0;
    now = 1_000;
  });
  afterEach(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

  it("says nothing was ever written when no window wrote (the caller falls back to workspace state)", async () => {
    assert.equal(await window("a", 1).claim(), undefined);
  });

  it("two windows reloaded one after the other each get their own tabs back, never the other's", async () => {
    const a = window("a", 1);
    const b = window("b", 2);
    a.save(tabs("alpha"));
    now += 10;
    b.save(tabs("bravo")); // written last: workspace state would have given this to both
    a.release();
    live.delete(1);
    const a2 = window("a2", 3);
    assert.deepEqual(await a2.claim(), tabs("alpha"));
    a2.save(tabs("alpha"));
    b.release();
    live.delete(2);
    const b2 = window("b2", 4);
    assert.deepEqual(await b2.claim(), tabs("bravo"));
  });

  it("a window whose extension host was killed (no release) is claimed by the host that comes back", async () => {
    const a = window("a", 1);
    a.save({ ...tabs("one", "two"), active: 1 });
    live.delete(1); // SIGKILL: no release
    window("b", 2).save(tabs("bravo"));
    assert.deepEqual(await window("a2", 3).claim(), { ...tabs("one", "two"), active: 1 });
  });

  it("a new window next to a live one gets no tabs, after waiting briefly for a window shutting down", async () => {
    window("b", 2).save(tabs("bravo"));
    assert.deepEqual(await window("c", 3).claim(), { tabs: [] });
    assert.ok(slept.length > 0, "it waited for a release");
    const waited = slept.reduce((sum, ms) => sum + ms, 0);
    assert.ok(waited <= 1_000, `a genuine second window waits a second at most, not ${waited} ms`);
    assert.ok(readdirSync(dir).includes("b.json"), "the live window's file stays");
  });

  it("waits for a reloading window's release that comes late", async () => {
    const a = window("a", 1);
    a.save(tabs("alpha"));
    let polls = 0;
    const a2 = window("a2", 3, {
      sleep: async (ms) => {
        now += ms;
        if (++polls === 2) a.release();
      },
    });
    assert.deepEqual(await a2.claim(), tabs("alpha"));
  });

  it("two windows starting at once never get the same tabs", async () => {
    const a = window("a", 1);
    a.save(tabs("alpha"));
    a.release();
    const [first, second] = await Promise.all([window("x", 5).claim(), window("y", 6).claim()]);
    const claimed = [first, second].filter((saved) => (saved?.tabs.length ?? 0) > 0);
    assert.deepEqual(claimed, [tabs("alpha")]);
  });

  it("the newest window gone is claimed first; a release stops later saves; garbage files are skipped", async () => {
    const old = window("old", 1);
    old.save(tabs("old"));
    old.release();
    now += 100;
    const recent = window("recent", 2);
    recent.save(tabs("recent"));
    recent.release();
    recent.save(tabs("after release"));
    writeFileSync(join(dir, "garbage.json"), "{not json");
    assert.deepEqual(await window("n", 3).claim(), tabs("recent"));
    assert.deepEqual(await window("m", 4).claim(), tabs("old"));
  });

  it("claimed tabs become this window's own file at once: a reload before its first save gets them back", async () => {
    const a = window("a", 1);
    a.save(tabs("alpha"));
    a.release();
    const a2 = window("a2", 2);
    assert.deepEqual(await a2.claim(), tabs("alpha"));
    live.delete(2); // restore failed, or the window reloaded before it saved anything
    assert.deepEqual(await window("a3", 3).claim(), tabs("alpha"));
  });

  it("a file left unreleased before a reboot, its pid reused since (even by this process), is claimed at once", async () => {
    window("before", 7).save(tabs("before"));
    now += 5_000;
    assert.deepEqual(await window("after", 8, { bootTime: now - 1_000 }).claim(), tabs("before"));
    assert.deepEqual(slept, []);
    window("killed", 9).save(tabs("killed")); // SIGKILL; this process got pid 9 again
    now += 10;
    assert.deepEqual(await window("self", 9).claim(), tabs("killed"));
    assert.deepEqual(slept, []);
  });

  it("an unreleased file past the forget period is removed too, not waited for forever", async () => {
    window("ancient", 1).save(tabs("ancient")); // a live pid, and no reboot seen
    now += 31 * 24 * 60 * 60_000;
    const gone = window("gone", 2);
    gone.save(tabs("gone"));
    gone.release();
    assert.deepEqual(await window("n", 3).claim(), tabs("gone"));
    assert.ok(!readdirSync(dir).includes("ancient.json"));
  });
});
