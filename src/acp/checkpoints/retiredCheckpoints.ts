/**
 * Pruning and "Clear Checkpoints" are undoable for a while: a checkpoint that goes is first set
 * aside under `refs/acp-retired/<epoch ms>/<name>` (its objects stay, as a ref still reaches
 * them), and only a later prune, once the grace period has passed, deletes that ref so that
 * `git gc` can free the space. Until then it can be brought back as it was.
 */
import { runGit, type GitPlace } from "./gitRunner";

export const CHECKPOINT_REFS = "refs/acp";
const RETIRED_REFS = "refs/acp-retired";

/** How long a pruned or cleared checkpoint can still be brought back. */
export const RETIRED_GRACE_MS = 24 * 60 * 60 * 1000;

interface RetiredRef {
  readonly ref: string;
  readonly commit: string;
  readonly at: number;
  /** The checkpoint's own ref it was retired from. */
  readonly from: string;
}

async function refsUnder(place: GitPlace, prefix: string): Promise<Array<{ ref: string; commit: string }>> {
  const out = await runGit(place, ["for-each-ref", "--format=%(objectname) %(refname)", `${prefix}/`]);
  return out
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [commit = "", ref = ""] = line.split(" ");
      return { ref, commit };
    });
}

async function retiredRefs(place: GitPlace): Promise<RetiredRef[]> {
  return (await refsUnder(place, RETIRED_REFS)).flatMap(({ ref, commit }) => {
    const match = /^(\d+)\/(.+)$/.exec(ref.slice(RETIRED_REFS.length + 1));
    return match ? [{ ref, commit, at: Number(match[1]), from: `${CHECKPOINT_REFS}/${match[2]!}` }] : [];
  });
}

function retiredName(ref: string, at: number): string {
  return `${RETIRED_REFS}/${Math.floor(at)}/${ref.slice(CHECKPOINT_REFS.length + 1)}`;
}

/** One transaction: every line applies or none does. */
async function updateRefs(place: GitPlace, lines: readonly string[]): Promise<void> {
  if (lines.length > 0) await runGit(place, ["update-ref", "--stdin"], { input: lines.join("") });
}

/** Sets the checkpoint ref `ref` (under refs/acp/) aside at `at`; nothing when it does not exist. */
export async function retireRef(place: GitPlace, ref: string, at: number): Promise<void> {
  const found = (await refsUnder(place, CHECKPOINT_REFS)).find((entry) => entry.ref === ref);
  if (found) await updateRefs(place, [`update ${retiredName(ref, at)} ${found.commit}\n`, `delete ${ref}\n`]);
}

/** Sets every checkpoint ref aside at `at` (also those of earlier windows). */
export async function retireAllRefs(place: GitPlace, at: number): Promise<void> {
  const lines = (await refsUnder(place, CHECKPOINT_REFS)).flatMap(({ ref, commit }) => [
    `update ${retiredName(ref, at)} ${commit}\n`,
    `delete ${ref}\n`,
  ]);
  await updateRefs(place, lines);
}

/** Puts the retired checkpoint of `ref` back; false when none is kept. */
export async function reviveRef(place: GitPlace, ref: string): Promise<boolean> {
  const retired = (await retiredRefs(place)).filter((entry) => entry.from === ref).sort((a, b) => b.at - a.at)[0];
  if (!retired) return false;
  await updateRefs(place, [`update ${ref} ${retired.commit}\n`, `delete ${retired.ref}\n`]);
  return true;
}

/** Deletes the retired refs set aside before `before`, so `git gc` may free their objects. */
export async function dropRetiredRefs(place: GitPlace, before: number): Promise<number> {
  const expired = (await retiredRefs(place)).filter((entry) => entry.at < before);
  await updateRefs(
    place,
    expired.map((entry) => `delete ${entry.ref}\n`),
  );
  return expired.length;
}
