/**
 * A prompt sent while the session's first checkpoint is still hashing every file is not held up
 * for it (issue 25: "the first prompt is never held up by more than the turn's checkpoint"). Its
 * checkpoint is a stat manifest, filled in afterwards (manifestCheckpoint.ts). What must hold: a
 * file's "before" is exactly what it held when the prompt was sent, or "not known" with the
 * reason; never the agent's bytes, never "absent" for a file that existed (an Undo or a restore
 * would then delete it).
 */
import * as assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { CHANGED_WHILE_HASHING, CLOCK_MARGIN_MS, treeFromManifest } from "../../src/acp/checkpoints/manifestCheckpoint";
import { takeManifest } from "../../src/acp/checkpoints/statManifest";
import { runGit, type GitPlace } from "../../src/acp/checkpoints/gitRunner";
import type { WorkspaceCheckpoints } from "../../src/acp/checkpoints/workspaceCheckpoints";
import { scratchCheckpoints, gitOnPath } from "../support/scratchCheckpoints";
import { scratchDir } from "../support/scratchDir";

/** More files than a checkpoint names one by one, so the first one adds the whole folder. */
function manyFiles(dir: string, count = 700): void {
  for (let i = 0; i < count; i++) {
    mkdirSync(join(dir, `d${i % 20}`), { recursive: true });
    writeFileSync(join(dir, `d${i % 20}`, `f${i}.txt`), `file ${i}\n`.repeat(20));
  }
}

/** Waits until the file system's clock is past `path`'s last change by more than the margin. */
async function olderThanMargin(path: string): Promise<void> {
  const changed = statSync(path).ctimeMs;
  while (Date.now() <= changed + CLOCK_MARGIN_MS + 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function before(
  checkpoints: WorkspaceCheckpoints,
  checkpoint: Parameters<WorkspaceCheckpoints["fileAt"]>[0],
  path: string,
) {
  const found = await checkpoints.fileAt(checkpoint, path);
  if (found === "absent") return "absent";
  if ("unknown" in found) return { unknown: found.unknown };
  return found.content.toString();
}

test("a checkpoint asked for during the first one returns before it, and holds the bytes of its moment or says it does not know", async () => {
  const { dir, checkpoints } = scratchCheckpoints("acp-checkpoint-manifest-", 64 * 1024);
  manyFiles(dir);
  writeFileSync(join(dir, "notes.md"), "the user's uncommitted line\n");
  writeFileSync(join(dir, "doomed.txt"), "the user's file the agent removes\n");
  await olderThanMargin(join(dir, "doomed.txt")); // written before the prompt, not in the same instant

  const first = checkpoints.take("session opened");
  const turn = await checkpoints.take("before the prompt");
  // It did not wait for the first checkpoint: its tree is built once that one is done.
  assert.deepEqual(Object.keys(turn.commits), [], "returned before its tree was built");

  // The agent at once: an own-tool edit, a new file, a removal.
  writeFileSync(join(dir, "notes.md"), "the agent's rewrite\n");
  writeFileSync(join(dir, "created.txt"), "the agent's new file\n");
  unlinkSync(join(dir, "doomed.txt"));
  await first;

  const notes = await before(checkpoints, turn, join(dir, "notes.md"));
  assert.ok(
    notes === "the user's uncommitted line\n" || (typeof notes === "object" && notes.unknown === CHANGED_WHILE_HASHING),
    `notes.md's before: ${JSON.stringify(notes)}`,
  );
  assert.equal(await before(checkpoints, turn, join(dir, "created.txt")), "absent");
  const doomed = await before(checkpoints, turn, join(dir, "doomed.txt"));
  assert.ok(doomed !== "absent", "a file that existed is never 'absent'");
  assert.equal(await before(checkpoints, turn, join(dir, "d3", "f3.txt")), "file 3\n".repeat(20));

  // A restore to it puts back what it knows and leaves the rest alone: nothing is deleted that it can't bring back.
  const { skipped } = await checkpoints.restore(turn);
  assert.equal(existsSync(join(dir, "created.txt")), false, "the file created after the prompt goes");
  const notesNow = readFileSync(join(dir, "notes.md"), "utf8");
  if (typeof notes === "string") assert.equal(notesNow, notes);
  else {
    assert.equal(notesNow, "the agent's rewrite\n", "not known: left as it is");
    assert.ok(skipped.some((skip) => skip.absolute === join(dir, "notes.md") && skip.reason === "notKnown"));
  }
});

/** A shadow repository's place over `dir`, as ShadowRepository sets it up (its index the main one). */
async function shadowPlace(dir: string): Promise<GitPlace> {
  const gitDir = join(scratchDir("acp-manifest-git-"), "shadow");
  mkdirSync(gitDir, { recursive: true });
  const git = await gitOnPath(dir)();
  const place: GitPlace = { git, gitDir, workTree: dir, excludesFile: join(gitDir, "excludes") };
  writeFileSync(place.excludesFile, "");
  await runGit(place, ["init", "--quiet", "--template="]);
  return place;
}

const blobAt = async (place: GitPlace, tree: string, path: string) =>
  (await runGit(place, ["cat-file", "blob", `${tree}:${path}`])).toString();

test("each rule of the fill-in: hashed and unchanged, changed before the moment, changed or gone after it, created after it", async () => {
  const dir = scratchDir("acp-manifest-rules-");
  for (const name of ["kept", "edited-before", "edited-after", "gone-after", "big"])
    writeFileSync(join(dir, name), `${name} v1\n`);
  const place = await shadowPlace(dir);
  await runGit(place, ["add", "-A", "--", "."]); // what the first checkpoint hashed
  writeFileSync(join(dir, "edited-before"), "edited-before v2 (the user, before the prompt)\n");
  writeFileSync(join(dir, "big"), "x".repeat(2048)); // grew over the cap before the prompt
  await olderThanMargin(join(dir, "big"));
  const manifest = await takeManifest(place); // the prompt's moment
  writeFileSync(join(dir, "edited-after"), "edited-after v2 (the agent)\n");
  unlinkSync(join(dir, "gone-after"));
  writeFileSync(join(dir, "created-after"), "new\n");
  await runGit(place, ["add", "-A", "--", "created-after"]); // the first checkpoint's last add saw it

  const built = await treeFromManifest(place, manifest, 1024);
  assert.equal(await blobAt(place, built.tree, "kept"), "kept v1\n");
  assert.equal(await blobAt(place, built.tree, "edited-before"), "edited-before v2 (the user, before the prompt)\n");
  assert.equal(built.unknown.get("edited-after"), CHANGED_WHILE_HASHING, "the index's bytes may not be the moment's");
  assert.equal(built.unknown.get("gone-after"), CHANGED_WHILE_HASHING, "gone: it existed, its bytes are not proven");
  assert.match(built.unknown.get("big") ?? "", /larger than/);
  const listed = (await runGit(place, ["ls-tree", "--name-only", "-z", built.tree])).toString().split("\0");
  assert.deepEqual(
    listed.filter(Boolean).sort(),
    ["edited-before", "kept"],
    "created after it: absent; the rest left out",
  );
  // The repository's own index is left as it was (the first checkpoint's next turn starts from it).
  const own = (await runGit(place, ["ls-files", "-z"])).toString().split("\0").filter(Boolean).sort();
  assert.deepEqual(own, ["big", "created-after", "edited-after", "edited-before", "gone-after", "kept"]);
});

test("a file changed within the clock margin before the moment counts as changed (a coarse file-system clock)", async () => {
  const dir = scratchDir("acp-manifest-margin-");
  writeFileSync(join(dir, "just-now"), "v1\n");
  const place = await shadowPlace(dir);
  await runGit(place, ["add", "-A", "--", "."]);
  writeFileSync(join(dir, "just-now"), "v2, a moment before the prompt\n");
  const manifest = await takeManifest(place);
  const changedAt = statSync(join(dir, "just-now")).ctimeMs;
  const built = await treeFromManifest(place, manifest, 1024 * 1024);
  if (changedAt >= manifest.at - CLOCK_MARGIN_MS) assert.equal(built.unknown.get("just-now"), CHANGED_WHILE_HASHING);
  else assert.equal(await blobAt(place, built.tree, "just-now"), "v2, a moment before the prompt\n");
});

test("the first prompt's checkpoint: the turn's review never takes the agent's bytes for the user's", async () => {
  const { dir, checkpoints } = scratchCheckpoints("acp-checkpoint-manifest-review-", 64 * 1024);
  manyFiles(dir, 900);
  writeFileSync(join(dir, "wip.ts"), "export const userWork = 1;\n");
  await olderThanMargin(join(dir, "wip.ts"));
  const first = checkpoints.take("session opened");
  const turn = await checkpoints.take("before the prompt");
  writeFileSync(join(dir, "wip.ts"), "export const agentWork = 2;\n");
  await first;
  const { changes } = await checkpoints.takeSince("after the turn", turn);
  const wip = changes.find((change) => change.absolute === join(dir, "wip.ts"));
  assert.ok(wip, "the agent's change is listed");
  const was = await before(checkpoints, turn, join(dir, "wip.ts"));
  assert.notEqual(was, "export const agentWork = 2;\n");
  assert.notEqual(was, "absent");
});
