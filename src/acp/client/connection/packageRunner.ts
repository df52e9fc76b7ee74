/**
 * Package runners (npx, uvx, bunx, pnpm dlx…) download an agent's code when it starts, and read
 * the package manager's config from the folder they run in and its parents: `.npmrc`, `uv.toml`
 * or pyproject's `[tool.uv]`, `bunfig.toml`, `.yarnrc.yml`, `pnpm-workspace.yaml`. Started in the
 * workspace, a cloned repository would choose the registry the agent's code comes from. So they
 * start in a private folder of the extension instead. Only the process's working directory moves:
 * the session's `cwd` (session/new) is still the workspace.
 *
 * The folder holds two stoppers, so that no search for project config climbs above it:
 * `package.json` ends npm's, pnpm's and bun's search for the project root, and an empty `uv.toml`
 * ends uv's (uv merges it with the user's own uv.toml, which still applies). The user's own
 * config (~/.npmrc, npm_config_* in the environment, ~/.config/uv…) is read as always.
 */
import { lstatSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Programs that are package runners whatever their arguments. */
const RUNNERS = new Set(["npx", "pnpx", "bunx", "uvx"]);
/** Package managers and the subcommand words that make them run a downloaded package. */
const RUNNER_SUBCOMMANDS: Readonly<Record<string, readonly string[][]>> = {
  npm: [["exec"], ["x"]],
  pnpm: [["dlx"]],
  yarn: [["dlx"]],
  bun: [["x"]],
  uv: [["tool", "run"]],
  pipx: [["run"]],
};

/** The program's name without folders or a Windows extension, lower case. */
function programName(command: string): string {
  const base = command.split(/[\\/]/).pop() ?? command;
  return base.toLowerCase().replace(/\.(cmd|bat|exe|ps1)$/, "");
}

/**
 * Whether `command args` is a package-runner launch: `npx`, `uvx`, `bunx`, `pnpx`, or `npm exec|x`,
 * `pnpm dlx`, `yarn dlx`, `bun x`, `uv tool run`, `pipx run`, by name or by path. Options before the
 * subcommand are skipped (an option's value may be read as the subcommand: that launch then keeps
 * the workspace, as before).
 */
export function isPackageRunner(command: string, args: readonly string[]): boolean {
  const name = programName(command);
  if (RUNNERS.has(name)) return true;
  const forms = RUNNER_SUBCOMMANDS[name];
  if (!forms) return false;
  const words = args.filter((arg) => !arg.startsWith("-"));
  return forms.some((form) => form.every((word, index) => words[index] === word));
}

const PACKAGE_JSON = `${JSON.stringify(
  {
    private: true,
    description:
      "ACP Panel starts package-runner agents (npx, uvx…) here, so that no workspace's package-manager config is read.",
  },
  null,
  2,
)}\n`;
const UV_TOML = "# ACP Panel starts package-runner agents here. This empty file ends uv's search for project config.\n";

let fallbackBase: string | undefined;

/**
 * The private folder package runners start in: `<base>/launch`, created with its stoppers. `base`
 * is the extension's global storage; without one (tests), a fresh private temp folder. A symlink
 * or a file in its place is refused (fail closed): never start somewhere this did not create.
 */
export function runnerDirectory(base?: string): string {
  const root = base ?? (fallbackBase ??= mkdtempSync(join(tmpdir(), "acp-panel-")));
  const dir = join(root, "launch");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!lstatSync(dir).isDirectory())
    throw new Error(`${dir} is not a folder: refusing to start a package runner there.`);
  for (const [file, text] of [
    ["package.json", PACKAGE_JSON],
    ["uv.toml", UV_TOML],
  ] as const) {
    try {
      writeFileSync(join(dir, file), text, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return dir;
}

/** Where to start `launch`: the private folder for a package runner, else the workspace. */
export function launchDirectory(
  launch: { readonly command: string; readonly args: readonly string[] },
  workspaceCwd: string,
  base?: string,
): string {
  return isPackageRunner(launch.command, launch.args) ? runnerDirectory(base) : workspaceCwd;
}

/**
 * The one decision every run of an agent's command goes through (the agent itself, a terminal
 * sign-in, any helper): the folder to start in, and the `PWD` to give it when that folder is not
 * the workspace (a shell would say where it is; tools that read PWD must not see the host's folder).
 */
export function launchSite(
  launch: { readonly command: string; readonly args: readonly string[] },
  workspaceCwd: string,
  base?: string,
): { readonly directory: string; readonly env: Readonly<Record<string, string>> } {
  const directory = launchDirectory(launch, workspaceCwd, base);
  return { directory, env: directory !== workspaceCwd ? { PWD: directory } : {} };
}
