/**
 * Where and how a preset's npm package is installed (pure: no process is run here).
 *
 * - Into `<storage>/presets/<package>/<version>`, the extension's global storage: never globally
 *   (`--global=false` whatever the user's config says), never in a workspace.
 * - npm runs with its working directory and `--prefix` in a fresh staging folder inside that
 *   storage, which holds a `package.json` of its own: npm's search for the project root, and so
 *   for a project `.npmrc`, ends there. No repository's `.npmrc` can choose the registry or the
 *   package. The user's own config (~/.npmrc, `npm_config_*`) applies as for any npm run.
 * - `--ignore-scripts`: no install script of the package's dependency tree runs at install time.
 *   The agent's code runs once it is started, by the user's choice; its dependencies' lifecycle
 *   scripts would run earlier, unasked, and none of the six needs them. A package whose own
 *   postinstall is needed (OpenCode links its platform binary) gets `npm rebuild <spec>`, which
 *   runs that one package's scripts and no dependency's.
 * - The staging folder is renamed into place only when npm succeeded and the program is there,
 *   so a failed or cancelled install leaves nothing that looks installed (`.bin` links are
 *   relative, so they survive the rename).
 */
import { join } from "node:path";
import { pinnedSpec, type NpmPresetInstall } from "./presetInstalls";

export interface NpmStep {
  /** npm's arguments; run with the working directory in the staging folder. */
  readonly args: readonly string[];
}

export interface NpmInstallPlan {
  readonly spec: string;
  /** The installed version's folder (exists only after a successful install). */
  readonly directory: string;
  /** Holds the versions of this package; staging folders are made inside it. */
  readonly packageFolder: string;
  readonly steps: (staging: string) => readonly NpmStep[];
  /** The program to start, once installed. */
  readonly command: string;
}

/** `@scope/name` → `scope+name`: one safe folder name per package. */
export function packageFolderName(packageName: string): string {
  return packageName.replace(/^@/, "").replace("/", "+");
}

/** The `package.json` written into the staging folder before npm runs (ends npm's project-root search). */
export const STAGING_PACKAGE_JSON = `${JSON.stringify(
  {
    private: true,
    description: "An agent preset ACP Panel installed. Managed by ACP Panel: do not edit.",
  },
  null,
  2,
)}\n`;

export function npmInstallPlan(install: NpmPresetInstall, storage: string): NpmInstallPlan {
  const spec = pinnedSpec(install);
  const packageFolder = join(storage, "presets", packageFolderName(install.packageName));
  const directory = join(packageFolder, install.version);
  const common = (staging: string) => ["--prefix", staging, "--global=false", "--workspaces=false"];
  return {
    spec,
    directory,
    packageFolder,
    command: binPath(directory, install.bin),
    steps: (staging) => [
      {
        args: [
          "install",
          spec,
          ...common(staging),
          "--ignore-scripts",
          "--save-exact",
          "--no-audit",
          "--no-fund",
          "--no-update-notifier",
          "--loglevel=error",
        ],
      },
      ...(install.ownInstallScript
        ? [{ args: ["rebuild", spec, ...common(staging), "--no-update-notifier", "--loglevel=error"] }]
        : []),
    ],
  };
}

/** Where npm links a package's program (on Windows a `.cmd` shim beside it). */
export function binPath(prefix: string, bin: string): string {
  return join(prefix, "node_modules", ".bin", bin);
}
