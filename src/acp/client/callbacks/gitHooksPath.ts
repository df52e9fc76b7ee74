/**
 * The folders Git runs hooks from besides `.git/hooks`: every `core.hooksPath` found in the
 * configuration of the repository that holds a path (its `.git/config`, a worktree's common
 * `config` and `config.worktree`) and in the user's and the system's Git config. Git itself is
 * never run (a workspace can plant a `git` binary or config that runs code): the files are parsed
 * as text, synchronously, each capped in size. Every value found counts, not only the last one,
 * so a parse that differs from Git's in some corner errs towards asking. Files named by
 * `include.path` and `includeIf.<condition>.path` are read too (whatever the condition), up to
 * MAX_INCLUDE_DEPTH deep.
 */
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";

const MAX_CONFIG_BYTES = 1024 * 1024;
const MAX_INCLUDE_DEPTH = 5;

/** The user's and the system's Git config files (those that exist are read). */
export function globalGitConfigs(home = homedir()): string[] {
  const xdg = process.env.XDG_CONFIG_HOME || join(home, ".config");
  return ["/etc/gitconfig", join(xdg, "git/config"), join(home, ".gitconfig")];
}

/**
 * Absolute hooks folders that apply to `path` (absolute): relative values are taken from the
 * working tree's top, `~/` from the home folder. Empty when no repository holds the path and
 * the global configs set none.
 */
export function gitHooksFolders(
  path: string,
  globalConfigs: readonly string[] = globalGitConfigs(),
  home = homedir(),
): string[] {
  const repo = enclosingRepository(resolve(path));
  const configs = [...globalConfigs, ...(repo?.configs ?? [])];
  const folders = new Set<string>();
  const seen = new Set<string>();
  const expand = (value: string) => (value.startsWith("~/") ? join(home, value.slice(2)) : value);
  const read = (file: string, depth: number) => {
    if (seen.has(file) || depth > MAX_INCLUDE_DEPTH) return;
    seen.add(file);
    const { hooksPaths, includes } = parseConfig(readSmall(file) ?? "");
    for (const value of hooksPaths) {
      const expanded = expand(value);
      if (isAbsolute(expanded)) folders.add(resolve(expanded));
      else if (repo) folders.add(resolve(repo.top, expanded));
    }
    // An included path is relative to the folder of the file that includes it.
    for (const include of includes) read(resolve(dirname(file), expand(include)), depth + 1);
  };
  for (const file of configs) read(resolve(file), 0);
  return [...folders];
}

interface Repository {
  /** The working tree's top folder. */
  readonly top: string;
  readonly configs: readonly string[];
}

/** The nearest folder at or above `dirname(path)` that has a `.git` folder or file. */
function enclosingRepository(path: string): Repository | undefined {
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const dotGit = join(folder, ".git");
    const kind = kindOf(dotGit);
    if (kind === "dir") return { top: folder, configs: [join(dotGit, "config"), join(dotGit, "config.worktree")] };
    if (kind === "file") {
      // The line's rest, trimmed in code: `\s*(.+?)\s*$` tried the trailing blanks from every
      // character (a `.git` file of 20,000 spaces took 5 s).
      const gitDir = /^gitdir:(.*)$/m.exec(readSmall(dotGit) ?? "")?.[1]?.trim();
      if (gitDir) {
        const own = resolve(folder, gitDir);
        const commonDir = readSmall(join(own, "commondir"))?.trim();
        const common = commonDir ? resolve(own, commonDir) : own;
        return { top: folder, configs: [join(common, "config"), join(own, "config.worktree")] };
      }
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/** Every `core.hooksPath` value, and every `include.path` / `includeIf.*.path`, in order. */
export function parseConfig(text: string): { hooksPaths: string[]; includes: string[] } {
  const hooksPaths: string[] = [];
  const includes: string[] = [];
  let section: "core" | "include" | undefined;
  const lines = text.replace(/\\\r?\n/g, "").split(/\r?\n/);
  for (const raw of lines) {
    let line = raw.trimStart();
    const header = /^\[([^\]]*)\]/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      section = /^core$/i.test(name) ? "core" : /^include$|^includeif\s+"/i.test(name) ? "include" : undefined;
      line = line.slice(header[0].length).trimStart();
    }
    const entry = /^(hookspath|path)\s*=(.*)$/i.exec(line);
    if (!entry) continue;
    const key = entry[1]!.toLowerCase();
    const value = configValue(entry[2]!);
    if (value.length === 0) continue;
    if (section === "core" && key === "hookspath") hooksPaths.push(value);
    if (section === "include" && key === "path") includes.push(value);
  }
  return { hooksPaths, includes };
}

/** A config value: quotes removed, `\"` `\\` `\t` `\n` unescaped, an unquoted `#` or `;` ends it. */
function configValue(raw: string): string {
  let out = "";
  let quoted = false;
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]!;
    if (char === "\\") {
      const next = raw[++index] ?? "";
      out += next === "t" ? "\t" : next === "n" ? "\n" : next;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "#" || char === ";")) break;
    else out += char;
  }
  return out.trim();
}

function kindOf(path: string): "dir" | "file" | undefined {
  try {
    const info = statSync(path);
    return info.isDirectory() ? "dir" : info.isFile() ? "file" : undefined;
  } catch {
    return undefined;
  }
}

function readSmall(path: string): string | undefined {
  try {
    const info = statSync(path);
    if (!info.isFile() || info.size > MAX_CONFIG_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
