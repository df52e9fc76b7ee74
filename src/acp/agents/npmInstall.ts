/**
 * Runs a preset's npm install plan (npmInstallPlan.ts): npm found like any agent command (on the
 * login shell's PATH), in its own process group so Cancel stops npm and whatever it started, in a
 * staging folder that becomes the installed version only when npm succeeded and the program is
 * there. Errors say what to do: no npm, npm failed (with its last lines), cancelled.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { findOnPath, planSpawn } from "../platform/shellEnvironment";
import { npmInstallPlan, STAGING_PACKAGE_JSON, binPath, type NpmInstallPlan } from "./npmInstallPlan";
import type { NpmPresetInstall } from "./presetInstalls";

/** npm is not on PATH: `message` says what to install, `command` what to run by hand instead. */
export class NpmMissingError extends Error {
  constructor(readonly command: string) {
    super(
      `npm was not found on your PATH, so ACP Panel can't install this agent. Install Node.js (it includes npm), then try again; or install the agent yourself: ${command}`,
    );
  }
}

export class InstallCancelledError extends Error {
  constructor(spec: string) {
    super(`Installing ${spec} was cancelled. Nothing was installed.`);
  }
}

export interface NpmInstallOptions {
  /** The extension's global storage folder. */
  readonly storage: string;
  /** PATH to find npm on and to run it with (the login shell's, merged). */
  readonly pathValue: string | undefined;
  /** Extra environment (tests: `npm_config_registry`, `npm_config_cache`). */
  readonly env?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** "Installing…", "Running its install script…": for the progress notification. */
  readonly progress?: (message: string) => void;
}

/** What the user could run instead (a copy button, or the npm-missing message). */
export function manualInstallCommand(install: NpmPresetInstall): string {
  return `npm install -g ${npmInstallPlan(install, "").spec}`;
}

/** The installed program of `install` under `storage`, if it is there. */
export function installedPresetCommand(install: NpmPresetInstall, storage: string): string | undefined {
  const { command } = npmInstallPlan(install, storage);
  return findOnPath(command, undefined) ? command : undefined;
}

/** Installs `install` into `storage`; resolves with the program's absolute path. */
export async function installNpmPreset(install: NpmPresetInstall, options: NpmInstallOptions): Promise<string> {
  const plan = npmInstallPlan(install, options.storage);
  const npm = findOnPath("npm", options.pathValue);
  if (!npm) throw new NpmMissingError(manualInstallCommand(install));
  await mkdir(plan.packageFolder, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(join(plan.packageFolder, ".staging-"));
  try {
    await writeFile(join(staging, "package.json"), STAGING_PACKAGE_JSON, { flag: "wx", mode: 0o600 });
    for (const [index, step] of plan.steps(staging).entries()) {
      options.progress?.(index === 0 ? `npm install ${plan.spec}` : `${plan.spec}: its install script`);
      await runNpm(npm, step.args, staging, options, plan);
    }
    if (!findOnPath(binPath(staging, install.bin), undefined))
      throw new Error(`npm installed ${plan.spec}, but it has no program "${install.bin}". Nothing was installed.`);
    await rm(plan.directory, { recursive: true, force: true });
    await rename(staging, plan.directory);
    return plan.command;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

const TAIL_LINES = 12;

function runNpm(
  npm: string,
  args: readonly string[],
  cwd: string,
  options: NpmInstallOptions,
  plan: NpmInstallPlan,
): Promise<void> {
  if (options.signal?.aborted) return Promise.reject(new InstallCancelledError(plan.spec));
  const env = { ...process.env, ...(options.pathValue ? { PATH: options.pathValue } : {}), ...options.env };
  const spawnPlan = planSpawn(npm, args, env.PATH);
  return new Promise((resolve, reject) => {
    const child = spawn(spawnPlan.file, [...spawnPlan.args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
      windowsHide: true,
      windowsVerbatimArguments: spawnPlan.windowsVerbatimArguments ?? false,
    });
    let output = "";
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-16_384));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      try {
        if (process.platform === "win32" || child.pid === undefined) child.kill();
        else process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    };
    options.signal?.addEventListener("abort", cancel, { once: true });
    child.once("error", (error) => {
      options.signal?.removeEventListener("abort", cancel);
      reject(new Error(`Could not run npm (${npm}): ${error.message}`));
    });
    child.once("close", (code, signal) => {
      options.signal?.removeEventListener("abort", cancel);
      if (cancelled) return reject(new InstallCancelledError(plan.spec));
      if (code === 0) return resolve();
      const tail = output.trimEnd().split("\n").slice(-TAIL_LINES).join("\n");
      reject(
        new Error(
          `npm ${args[0]} ${plan.spec} failed (${signal ?? `exit code ${code}`}). Nothing was installed.${tail ? `\n${tail}` : ""}`,
        ),
      );
    });
  });
}
