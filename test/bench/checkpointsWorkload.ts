/**
 * `--only checkpoints`: workspace checkpoints (src/acp/checkpoints/) on 10,000 files / ~200 MB,
 * no VS Code (checkpointsClient.ts in its own Node 24 process per run). The workspace is written
 * once and shared by the runs; each run starts from an empty storage, so its first checkpoint
 * is the cold one a workspace gets once.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Sample, Target } from "./figures";
import { buildWorkspace, WORKSPACE_FILES } from "./checkpointWorkspace";
import { runCheckpoints } from "./rawBaseline";

export const CHECKPOINT_TURNS = 20;
export const CHECKPOINT_GROWTH_TURNS = 100;
export const CHECKPOINT_PROBED_TURNS = 5;
export const CHECKPOINT_FILES_PER_TURN = 10;
const P = `checkpoints.W${WORKSPACE_FILES}`;

export const CHECKPOINT_TARGETS: ReadonlyArray<[string, Target]> = [
  [`${P}.firstMs`, { text: "<= 5000 ms", meets: (m) => m <= 5000 }],
  [`${P}.turnMs`, { text: "<= 150 ms", meets: (m) => m <= 150 }],
  [`${P}.diffMs`, { text: "<= 100 ms", meets: (m) => m <= 100 }],
  [`${P}.longestTaskMs`, { text: "<= 50 ms", meets: (m) => m <= 50 }],
  [`${P}.threadPoolWaitMs`, { text: "<= 30 ms", meets: (m) => m <= 30 }],
  [
    `${P}.heldUpMs`,
    {
      text: `<= the turn's checkpoint (${P}.turnMs)`,
      meets: (m, all) => {
        const turn = all.get(`${P}.turnMs`)?.median;
        return turn === undefined ? undefined : m <= turn;
      },
    },
  ],
];

/**
 * git's CPU time, the storage right after the first checkpoint, the host thread's longest busy
 * spell (CPU time, so not the waits for a core that a loaded machine adds to `longestTaskMs`) and
 * the machine's load average during the run: shown, not judged.
 */
export const CHECKPOINT_DIAGNOSTICS: readonly RegExp[] = [
  /^checkpoints\..*GitCpuMs$/,
  /^checkpoints\..*AfterFirstMB$/,
  /^checkpoints\..*BusyMs$/,
  /^checkpoints\..*loadAverage$/,
  /^checkpoints\..*prepareMs$/,
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function checkpointsWorkload(
  node: string,
  scratch: string,
  runs: number,
  log: (line: string) => void,
): Sample[] {
  const workspace = join(scratch, "checkpoints-workspace");
  mkdirSync(workspace, { recursive: true });
  let started = Date.now();
  const built = buildWorkspace(workspace);
  log(
    `checkpoints: ${built.files} files, ${(built.bytes / 2 ** 20).toFixed(0)} MB written in ${Date.now() - started} ms`,
  );
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    const storage = join(scratch, `checkpoints-storage-${run}`);
    mkdirSync(storage);
    started = Date.now();
    const r = runCheckpoints(node, {
      workspace,
      storage,
      turns: CHECKPOINT_TURNS,
      // The storage growth, and turns with the budget's prune after it, in the first run only: 100
      // more turns take minutes here.
      growthTurns: run === 1 ? CHECKPOINT_GROWTH_TURNS : 0,
      probedTurns: run === 1 ? CHECKPOINT_PROBED_TURNS : 0,
      filesPerTurn: CHECKPOINT_FILES_PER_TURN,
      seed: run,
    });
    log(`checkpoints run ${run}/${runs}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    samples.push(
      [`${P}.firstMs`, r.firstMs, "ms"],
      [`${P}.firstGitCpuMs`, r.firstGitCpuMs, "ms"],
      [`${P}.heldUpMs`, r.heldUpMs, "ms"],
      [`${P}.prepareMs`, r.prepareMs, "ms"],
      [`${P}.turnMs`, median(r.turnMs), "ms"],
      [`${P}.turnGitCpuMs`, median(r.turnGitCpuMs), "ms"],
      [`${P}.diffMs`, median(r.diffMs), "ms"],
      [`${P}.diffGitCpuMs`, median(r.diffGitCpuMs), "ms"],
      [`${P}.longestTaskMs`, r.longestTaskMs, "ms"],
      [`${P}.longestBusyMs`, r.longestBusyMs, "ms"],
      [`${P}.loadAverage`, (r.loadAtStart + r.loadAtEnd) / 2, "ratio"],
      [`${P}.firstLongestTaskMs`, r.firstLongestTaskMs, "ms"],
      [`${P}.turnsLongestTaskMs`, r.turnsLongestTaskMs, "ms"],
      [`${P}.storageAfterFirstMB`, r.storageAfterFirstMB, "MB"],
      ...(r.growthTurns > 0
        ? ([
            [`${P}.growthMB.T${r.growthTurns}`, r.growthMB, "MB"],
            [`${P}.growthPerTurnKiB`, (r.growthMB * 1024) / r.growthTurns, "KiB"],
            // After the growth turns: the storage a long day leaves.
            [`${P}.pruneMs`, median(r.pruneMs), "ms"],
            [`${P}.threadPoolWaitMs`, r.threadPoolWaitMs, "ms"],
          ] as const)
        : []),
      [`${P}.reopenFirstMs`, r.reopenFirstMs, "ms"],
      [`${P}.reopenHeldUpMs`, r.reopenHeldUpMs, "ms"],
    );
  }
  return samples;
}
