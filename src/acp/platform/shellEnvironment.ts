/**
 * Finding agent programs the way a terminal would. VS Code launched from a desktop icon often
 * has a minimal PATH without npx, node or ~/.local/bin, so the PATH of a login shell is merged
 * in (asked once, with a timeout). On Windows, npm shims are `.cmd` files that Node refuses to
 * spawn without a shell; they are run through `cmd.exe` with every argument quoted.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

let loginPath: Promise<string | undefined> | undefined;

/** The login shell's PATH (POSIX), or undefined when it cannot be read within 3 s. */
export function loginShellPath(): Promise<string | undefined> {
  if (process.platform === "win32") return Promise.resolve(undefined);
  loginPath ??= new Promise((resolve) => {
    const shell = process.env.SHELL || "/bin/sh";
    execFile(
      shell,
      ["-ilc", 'printf "__ACP_PATH__%s__ACP_PATH__" "$PATH"'],
      { timeout: 3000, encoding: "utf8", env: process.env },
      (error, stdout) => {
        const match = /__ACP_PATH__(.*)__ACP_PATH__/.exec(stdout);
        resolve(error && !match ? undefined : match?.[1]);
      },
    );
  });
  return loginPath;
}

/** PATH entries of `primary` first, then the extra entries it lacks. */
export function mergePaths(primary: string | undefined, extra: string | undefined): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of [...(primary ?? "").split(delimiter), ...(extra ?? "").split(delimiter)]) {
    if (entry && !seen.has(entry)) {
      seen.add(entry);
      out.push(entry);
    }
  }
  return out.join(delimiter);
}

/** The absolute path of `command` on `pathValue`, or undefined. */
export function findOnPath(command: string, pathValue: string | undefined): string | undefined {
  const extensions = process.platform === "win32" ? (process.env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";") : [""];
  const candidates =
    isAbsolute(command) || command.includes("/")
      ? [command]
      : (pathValue ?? "")
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    for (const extension of extensions) {
      const file = candidate + extension;
      try {
        if (!statSync(file).isFile()) continue;
        if (process.platform !== "win32") accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export interface SpawnPlan {
  readonly file: string;
  readonly args: readonly string[];
  /** Node must not re-quote: the arguments were quoted for cmd.exe already. */
  readonly windowsVerbatimArguments?: boolean;
}

/** How to spawn `command args` safely on this platform. */
export function planSpawn(command: string, args: readonly string[], pathValue: string | undefined): SpawnPlan {
  if (process.platform !== "win32") return { file: command, args };
  const resolved = findOnPath(command, pathValue) ?? command;
  if (!/\.(cmd|bat)$/i.test(resolved)) return { file: resolved, args };
  const quoted = [resolved, ...args].map(quoteForCmd).join(" ");
  return {
    file: process.env.ComSpec ?? "cmd.exe",
    args: ["/d", "/s", "/c", `"${quoted}"`],
    windowsVerbatimArguments: true,
  };
}

/** Quotes one argument for cmd.exe, escaping its metacharacters so nothing is interpreted. */
export function quoteForCmd(arg: string): string {
  const escaped = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, "$1$1")}"`;
  return escaped.replace(/[()%!^"<>&|]/g, "^$&");
}
