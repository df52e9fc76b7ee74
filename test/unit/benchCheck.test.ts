/**
 * `npm run bench:check` judges a fresh run against the committed results: a figure more than 25 %
 * worse (and beyond its unit's noise floor) is flagged, the new round's figures included (the bare
 * reader's ratios, the host stack's scale curves, the panel over the empty-webview floor and over
 * the streaming floor), while the diagnostics, the baselines' and the floor's own figures are not judged.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { compare } from "../bench/check";
import type { Figure } from "../bench/figures";

const figure = (name: string, median: number, unit: Figure["unit"] = "ms"): Figure => ({
  figure: name,
  min: median,
  median,
  max: median,
  runs: 3,
  unit,
  samples: [median, median, median],
});

test("a judged figure 30 % worse is flagged; 10 % worse or within the noise floor is not", () => {
  const baseline = [
    figure("stream.N20000.endMarkerMs", 600),
    figure("host.flood.N100000.endMarkerMs", 1800),
    figure("stream.N20000.vsBare", 2.5, "ratio"),
    figure("panel.empty.fcpOverFloorMs", 300),
    figure("stream.N20000.firstChunkLagMs", 40),
    figure("stream.N20000.vsFloor", 1.5, "ratio"),
  ];
  const fresh = [
    figure("stream.N20000.endMarkerMs", 780), // +30 %
    figure("host.flood.N100000.endMarkerMs", 1980), // +10 %
    figure("stream.N20000.vsBare", 3.4, "ratio"), // +36 %, beyond 0.3
    figure("panel.empty.fcpOverFloorMs", 400), // +33 %
    figure("stream.N20000.firstChunkLagMs", 55), // +37 % but only 15 ms: noise
    figure("stream.N20000.vsFloor", 2, "ratio"), // +33 %, beyond 0.3
  ];
  const { rows, missing } = compare(baseline, fresh);
  assert.deepEqual(missing, []);
  assert.deepEqual(
    rows.filter((r) => r.flagged).map((r) => r.figure),
    ["stream.N20000.endMarkerMs", "stream.N20000.vsBare", "panel.empty.fcpOverFloorMs", "stream.N20000.vsFloor"],
  );
});

test("diagnostics and the baselines' own figures are not judged; a judged figure that vanished is reported missing", () => {
  const baseline = [
    figure("bare.flood.N20000.endMarkerMs", 80),
    figure("raw.flood.N20000.vsBare", 3, "ratio"),
    figure("panel.empty.overFloorMs", 2000),
    figure("long.T2000.hostRssGrowthMB", 50, "MB"),
    figure("host.sessions.S15.endMarkerMs", 3000),
    figure("stream.floor.N20000.endMarkerMs", 400),
  ];
  const fresh = [
    figure("stream.floor.N20000.endMarkerMs", 900),
    figure("bare.flood.N20000.endMarkerMs", 400),
    figure("raw.flood.N20000.vsBare", 9, "ratio"),
    figure("panel.empty.overFloorMs", 5000),
    figure("long.T2000.hostRssGrowthMB", 500, "MB"),
  ];
  const { rows, missing } = compare(baseline, fresh);
  assert.deepEqual(
    rows.filter((r) => r.flagged),
    [],
  );
  assert.deepEqual(missing, ["host.sessions.S15.endMarkerMs"]);
});

test("the checkpoint figures are judged (turn, sweep, first checkpoint, longest task); git's CPU time is not", () => {
  const baseline = [
    figure("checkpoints.W10000.turnMs", 120),
    figure("checkpoints.W10000.diffMs", 90),
    figure("checkpoints.W10000.firstMs", 4000),
    figure("checkpoints.W10000.longestTaskMs", 20),
    figure("checkpoints.W10000.turnGitCpuMs", 60),
  ];
  const fresh = [
    figure("checkpoints.W10000.turnMs", 160), // +33 %, 40 ms
    figure("checkpoints.W10000.diffMs", 100), // +11 %
    figure("checkpoints.W10000.firstMs", 6000), // +50 %
    figure("checkpoints.W10000.longestTaskMs", 60), // +200 %, 40 ms
    figure("checkpoints.W10000.turnGitCpuMs", 200),
  ];
  const { rows } = compare(baseline, fresh);
  assert.deepEqual(
    rows.filter((r) => r.flagged).map((r) => r.figure),
    ["checkpoints.W10000.turnMs", "checkpoints.W10000.firstMs", "checkpoints.W10000.longestTaskMs"],
  );
  assert.ok(!rows.some((r) => r.figure.endsWith("GitCpuMs")));
});
