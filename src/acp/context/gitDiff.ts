/**
 * The working-tree or staged diff of a repository, for "Add … Diff to Prompt". git runs by the
 * absolute path the checkpoints resolved (gitExecutable.ts), never by bare name, and with the
 * repository's config unable to run a program: no external diff, no textconv, no fsmonitor, no
 * pager. (A clean filter can still run for the working-tree diff, as in any `git diff`: the host
 * asks for a trusted workspace first.) The output is cut at `MAX_DIFF_BYTES`.
 */
import { spawn } from "node:child_process";
import type { GitExecutable } from "../checkpoints/gitExecutable";

export const MAX_DIFF_BYTES = 256 * 1024;

export interface GitDiff {
  readonly text: string;
  /** The diff was longer than `MAX_DIFF_BYTES` and was cut. */
  readonly truncated: boolean;
}

const SAFE_CONFIG = ["-c", "core.fsmonitor=false", "-c", "diff.external=", "-c", "core.pager=cat", "--no-pager"];

function run(git: GitExecutable, cwd: string, args: readonly string[], cap: number): Promise<GitDiff> {
  return new Promise((resolve, reject) => {
    const child = spawn(git.path, [...SAFE_CONFIG, ...args], {
      cwd,
      windowsHide: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (truncated) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        truncated = true;
        child.kill();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => {
      if (!truncated && code !== 0) return reject(new Error(stderr.trim() || `git exited with ${code}`));
      const bytes = Buffer.concat(chunks).subarray(0, cap);
      // Cut at a line end so no half character or half line is sent.
      const text = bytes.toString("utf8");
      resolve({ text: truncated ? text.slice(0, text.lastIndexOf("\n") + 1) : text, truncated });
    });
  });
}

/** `git diff` (working tree against the index) or `git diff --cached` (the index against HEAD). */
export function gitDiff(
  git: GitExecutable,
  folder: string,
  kind: "working-tree" | "staged",
  cap = MAX_DIFF_BYTES,
): Promise<GitDiff> {
  return run(
    git,
    folder,
    ["diff", ...(kind === "staged" ? ["--cached"] : []), "--no-ext-diff", "--no-textconv", "--no-color"],
    cap,
  );
}
