/** Branch names for sessions in worktrees: suggested from the first prompt, checked by git itself. */
import type { GitExecutable } from "../checkpoints/gitExecutable";
import { runGitOutcome, gitText } from "./worktreeGit";

const PREFIX = "acp";
const MAX_LENGTH = 40;
const MAX_WORDS = 5;
/** Politeness and filler that say nothing about the task. */
const FILLER = new Set([
  "a",
  "an",
  "the",
  "please",
  "pls",
  "can",
  "could",
  "would",
  "you",
  "i",
  "me",
  "my",
  "hi",
  "hey",
]);

/**
 * `acp/<slug of the first prompt's first words>`, e.g. "Please fix the login bug!" →
 * `acp/fix-login-bug`: lowercase ASCII, at most 40 characters, never empty (`acp/session-<n>`), and
 * free against `taken` (suffix `-2`, `-3`, …).
 *
 * Free means more than "not in the set": loose refs are files, so `acp/x` cannot coexist with a
 * branch `acp` (a file where a folder must be), nor with `acp/x/y`, and on a case-insensitive disk
 * `ACP/Fix` and `acp/fix` are one file. When a branch `acp` exists, the prefix becomes `acp-`.
 */
export function suggestBranchName(firstPrompt: string, taken: ReadonlySet<string>): string {
  const lower = new Set([...taken].map((name) => name.toLowerCase()));
  const prefix = lower.has(PREFIX) ? `${PREFIX}-` : `${PREFIX}/`;
  const isFree = (name: string): boolean => {
    if (lower.has(name)) return false;
    for (const other of lower) if (other.startsWith(`${name}/`) || name.startsWith(`${other}/`)) return false;
    return true;
  };
  const slug = slugOf(firstPrompt, MAX_LENGTH - prefix.length - 3); // room for a "-NN" suffix
  if (!slug) {
    for (let n = 1; ; n++) if (isFree(`${prefix}session-${n}`)) return `${prefix}session-${n}`;
  }
  if (isFree(`${prefix}${slug}`)) return `${prefix}${slug}`;
  for (let n = 2; ; n++) if (isFree(`${prefix}${slug}-${n}`)) return `${prefix}${slug}-${n}`;
}

/** The first words as `a-b-c`, cut at a word boundary to at most `max` characters. */
function slugOf(text: string, max: number): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // "café" → "cafe"
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !FILLER.has(word))
    .slice(0, MAX_WORDS);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) {
      if (!slug) slug = word.slice(0, max); // one long word: cut it
      break;
    }
    slug = next;
  }
  return slug;
}

/**
 * Why `name` cannot be a branch (git's rules: `check-ref-format --branch`), or undefined when it
 * can. Refused before git sees them: a leading `-` (an option to git) and `@{` (`--branch` expands
 * `@{-1}` to the previous branch's name, so it would "validate" as a name it is not).
 */
export async function validateBranchName(git: GitExecutable, repo: string, name: string): Promise<string | undefined> {
  const why = `"${name}" is not a valid branch name`;
  if (!name.trim()) return "A branch name cannot be empty.";
  if (name.startsWith("-") || name.includes("@{")) return `${why}.`;
  const { code, stdout } = await runGitOutcome(git, repo, ["check-ref-format", "--branch", name], {
    okCodes: [1, 128],
  });
  if (code !== 0 || stdout.toString("utf8").trim() !== name)
    return `${why}: no spaces, "..", "~", "^", ":", "?", "*", "[", "\\", and no "/" or "." at either end.`;
  return undefined;
}

/** True when the local branch `name` exists. */
export async function branchExists(git: GitExecutable, repo: string, name: string): Promise<boolean> {
  const { code } = await runGitOutcome(git, repo, ["show-ref", "--verify", "--quiet", `refs/heads/${name}`], {
    okCodes: [1],
  });
  return code === 0;
}

/** Every local branch (short names), for `suggestBranchName`'s `taken`. */
export async function localBranches(git: GitExecutable, repo: string): Promise<Set<string>> {
  // %(refname) stripped by hand: %(refname:short) turns into `heads/x` when a tag `x` also exists.
  const out = await gitText(git, repo, ["for-each-ref", "--format=%(refname)", "refs/heads/"]);
  return new Set(
    out
      .split("\n")
      .filter(Boolean)
      .map((ref) => ref.slice("refs/heads/".length)),
  );
}
