/**
 * How each built-in preset gets onto the machine. Presets that ship as an npm package are
 * installed by the panel itself (**Install**): the exact version pinned here, into the
 * extension's storage (see npmInstallPlan.ts). The others say what to run and link the vendor's
 * page. Nothing here comes from a registry or a workspace: only this table chooses what is
 * installed, and only the preset the user clicked is.
 *
 * A version bump here installs into a new folder: the old one is no longer "installed", and the
 * preset offers Install again.
 */

/** A preset the panel installs with npm. */
export interface NpmPresetInstall {
  readonly kind: "npm";
  /** The package's name. */
  readonly packageName: string;
  /** An exact version (never a range or a tag): what was tested is what is installed. */
  readonly version: string;
  /** The program the package puts in `node_modules/.bin` (the preset's `command`). */
  readonly bin: string;
  /**
   * The package needs its own install script (it fetches or links its platform binary then).
   * Installs always run with `--ignore-scripts`; for such a package its own scripts alone are run
   * afterwards (`npm rebuild <spec>`), never those of its dependencies.
   */
  readonly ownInstallScript?: boolean;
  /** The vendor's page. */
  readonly page: string;
}

/** A preset the user installs: what to run, and where the vendor says more. */
export interface ManualPresetInstall {
  readonly kind: "manual";
  readonly command: string;
  readonly page: string;
}

export type PresetInstall = NpmPresetInstall | ManualPresetInstall;

export const presetInstalls: Readonly<Record<string, PresetInstall>> = {
  Claude: {
    kind: "npm",
    packageName: "@zed-industries/claude-agent-acp",
    version: "0.23.1",
    bin: "claude-agent-acp",
    page: "https://github.com/zed-industries/claude-agent-acp",
  },
  Codex: {
    kind: "npm",
    packageName: "@zed-industries/codex-acp",
    version: "0.16.0",
    bin: "codex-acp",
    page: "https://github.com/zed-industries/codex-acp",
  },
  "Gemini CLI": {
    kind: "npm",
    packageName: "@google/gemini-cli",
    version: "0.61.0",
    bin: "gemini",
    page: "https://github.com/google-gemini/gemini-cli",
  },
  OpenCode: {
    kind: "npm",
    packageName: "opencode-ai",
    version: "1.18.33",
    bin: "opencode",
    // Its bin is a placeholder until its postinstall links the platform binary in.
    ownInstallScript: true,
    page: "https://opencode.ai/docs/",
  },
  "Copilot CLI": {
    kind: "npm",
    packageName: "@github/copilot",
    version: "1.0.102",
    bin: "copilot",
    page: "https://github.com/github/copilot-cli",
  },
  "Qwen Code": {
    kind: "npm",
    packageName: "@qwen-code/qwen-code",
    version: "0.24.4",
    bin: "qwen",
    page: "https://github.com/QwenLM/qwen-code",
  },
  Bub: { kind: "manual", command: "pip install bub-acp-server", page: "https://github.com/bubbuild/bub" },
  CodeBuddy: {
    kind: "manual",
    command: "npm install -g @tencent-ai/codebuddy-code",
    page: "https://www.codebuddy.ai/cli",
  },
  goose: {
    kind: "manual",
    command: "curl -fsSL https://github.com/block/goose/releases/download/stable/download_cli.sh | bash",
    page: "https://block.github.io/goose/docs/getting-started/installation",
  },
};

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*$/;
const BIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * `name@version`, checked: an exact version and a plain package name, so npm can only install
 * that one published version (no range, no tag, no URL, git or file spec). Throws otherwise.
 */
export function pinnedSpec(install: NpmPresetInstall): string {
  if (!PACKAGE_NAME.test(install.packageName)) throw new Error(`Not a plain npm package name: ${install.packageName}`);
  if (!EXACT_VERSION.test(install.version)) throw new Error(`Not an exact version: ${install.version}`);
  if (!BIN_NAME.test(install.bin)) throw new Error(`Not a plain program name: ${install.bin}`);
  return `${install.packageName}@${install.version}`;
}

/** The install for a preset the user has not overridden; undefined for their own agents. */
export function presetInstallFor(
  definition: { readonly name: string; readonly preset?: boolean | undefined },
  table: Readonly<Record<string, PresetInstall>> = presetInstalls,
): PresetInstall | undefined {
  return definition.preset ? table[definition.name] : undefined;
}
