/**
 * Three-way text merge with `git merge-file` (by its absolute path), in a private temporary
 * folder: takes the change base → theirs and applies it to ours. Used by Undo to take the agent's
 * change out of a file the user changed after it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GitExecutable } from "./gitExecutable";

export async function mergeText(
  git: GitExecutable,
  ours: string,
  base: string,
  theirs: string,
): Promise<{ text: string; conflicted: boolean }> {
  const dir = await mkdtemp(join(tmpdir(), "acp-merge-"));
  try {
    const [oursPath, basePath, theirsPath] = ["current", "agent", "before"].map((name) => join(dir, name)) as [
      string,
      string,
      string,
    ];
    await Promise.all([writeFile(oursPath, ours), writeFile(basePath, base), writeFile(theirsPath, theirs)]);
    return await new Promise((resolve, reject) => {
      execFile(
        git.path,
        ["merge-file", "-p", "-L", "now", "-L", "agent", "-L", "before the turn", oursPath, basePath, theirsPath],
        {
          cwd: dir,
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
          timeout: 20_000,
          windowsHide: true,
          env: { PATH: "" },
        },
        // @types/node's ExecFileException is built with Omit, which hides that it is an Error.
        (error: (Error & { code?: unknown }) | null, stdout: string) => {
          const code = error?.code;
          // Exit status: 0 clean, >0 the number of conflicts, <0 (or a signal) a failure.
          if (error && !(typeof code === "number" && code > 0 && code < 128)) reject(error);
          else resolve({ text: stdout, conflicted: error !== null });
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
