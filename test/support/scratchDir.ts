/**
 * Scratch folders for tests and their support code, so that runs do not pile folders up in the
 * OS temp dir. Contract:
 * - `scratchDir(prefix)` is `mkdtempSync(join(tmpdir(), prefix))`: a fresh, private (0700) folder.
 * - It lives until the process that made it exits, then it is removed (recursively) from a
 *   `process.on("exit")` hook: never hand one to anything that must outlive this process.
 *   A test may still remove it earlier itself.
 * - Removal is best effort: a failure is swallowed, it never fails a test. A process killed by a
 *   signal runs no exit hook and leaves its folders behind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();
let hooked = false;

/** A fresh folder under the OS temp dir named `<prefix>XXXXXX`, removed when this process exits. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  if (!hooked) {
    hooked = true;
    process.on("exit", removeScratchDirs);
  }
  return dir;
}

function removeScratchDirs(): void {
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort: a folder that cannot go (busy, permissions) stays; the exit goes on.
    }
  }
  made.clear();
}
