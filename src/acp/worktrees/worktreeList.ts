/**
 * `git worktree list --porcelain`: one attribute per line, a blank line between records, each record
 * starting with `worktree <path>`. Paths are printed raw (never quoted), so a path holding a line
 * break cannot be told apart reliably: git 2.36 added `-z` for that (NUL after each attribute, a
 * second NUL after each record), and it is used whenever this git has it. Before 2.36 lock and
 * prune reasons are C-quoted (`"why\nnot"`) when they hold unusual characters; paths never are.
 */
import { resolve } from "node:path";
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runWorktreeGit } from "./worktreeGit";
import { gitAtLeast } from "./worktreeRepository";

export interface WorktreeEntry {
  readonly path: string;
  /** The commit checked out; absent for a bare repository or an unborn branch. */
  readonly head?: string;
  /** Short branch name; absent when detached. */
  readonly branch?: string;
  readonly detached: boolean;
  /** The repository itself is bare (its first record). */
  readonly bare: boolean;
  /** The lock reason, or true when locked without one. A locked worktree is never pruned. */
  readonly locked?: string | true;
  /** Why git would prune it (its folder is gone), or true. */
  readonly prunable?: string | true;
}

const ATTRIBUTES = /^(HEAD|branch|detached|bare|locked|prunable)( |$)/;

/**
 * Parses the porcelain list. `nulSeparated`: the output of `--porcelain -z`. Without `-z`, a line
 * that is not an attribute and comes right after `worktree` is taken as the path's continuation (a
 * path with a line break), the best that can be done with that format.
 */
export function parseWorktreeList(output: string, nulSeparated: boolean): WorktreeEntry[] {
  const entries: WorktreeEntry[] = [];
  let current: Draft | undefined;
  let pathOpen = false; // the last attribute read was `worktree`: a raw path may go on
  const finish = (): void => {
    if (current) entries.push(entryOf(current));
    current = undefined;
    pathOpen = false;
  };
  for (const line of output.split(nulSeparated ? "\0" : "\n")) {
    if (line === "") {
      finish();
      continue;
    }
    if (line.startsWith("worktree ")) {
      finish();
      current = { path: line.slice("worktree ".length), detached: false, bare: false };
      pathOpen = !nulSeparated;
      continue;
    }
    if (!current) continue; // noise before the first record
    if (pathOpen && !ATTRIBUTES.test(line)) {
      current.path += `\n${line}`;
      continue;
    }
    pathOpen = false;
    const space = line.indexOf(" ");
    const [key, value] = space < 0 ? [line, undefined] : [line.slice(0, space), line.slice(space + 1)];
    if (key === "HEAD" && value) current.head = value;
    else if (key === "branch" && value) current.branch = value.replace(/^refs\/heads\//, "");
    else if (key === "detached") current.detached = true;
    else if (key === "bare") current.bare = true;
    else if (key === "locked") current.locked = value ? unquote(value, nulSeparated) : true;
    else if (key === "prunable") current.prunable = value ? unquote(value, nulSeparated) : true;
    // Anything else: an attribute a later git added; ignored.
  }
  finish();
  return entries;
}

interface Draft {
  path: string;
  head?: string;
  branch?: string;
  detached: boolean;
  bare: boolean;
  locked?: string | true;
  prunable?: string | true;
}

function entryOf(draft: Draft): WorktreeEntry {
  return {
    path: draft.path,
    ...(draft.head === undefined ? {} : { head: draft.head }),
    ...(draft.branch === undefined ? {} : { branch: draft.branch }),
    detached: draft.detached,
    bare: draft.bare,
    ...(draft.locked === undefined ? {} : { locked: draft.locked }),
    ...(draft.prunable === undefined ? {} : { prunable: draft.prunable }),
  };
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  '"': '"',
  "\\": "\\",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

/** A reason as git's quote_c_style wrote it (only without `-z`): `"a\tb\303\251"` → `a	bé`. */
function unquote(value: string, nulSeparated: boolean): string {
  if (nulSeparated || !(value.length >= 2 && value.startsWith('"') && value.endsWith('"'))) return value;
  const bytes: number[] = [];
  const body = value.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i] ?? "";
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const next = body[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8)); // one byte of a UTF-8 sequence
      i += 3;
    } else {
      bytes.push(...Buffer.from(ESCAPES[next] ?? next, "utf8"));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The repository's worktrees, the main one first (paths as this platform writes them). */
export async function listWorktrees(git: GitExecutable, repo: string): Promise<WorktreeEntry[]> {
  const nul = gitAtLeast(git.version, 2, 36);
  const out = await runWorktreeGit(git, repo, ["worktree", "list", "--porcelain", ...(nul ? ["-z"] : [])]);
  // git writes `C:/x/y` on Windows: resolve() gives `C:\x\y`, the form paths are compared in.
  return parseWorktreeList(out.toString("utf8"), nul).map((entry) => ({ ...entry, path: resolve(entry.path) }));
}
