/**
 * Installs a registry agent's binary archive into `<storage>/<id>/<version>`, failing closed:
 * - `id` and `version` must be safe folder names, and the joined folder must be inside the storage
 *   folder (resolved), before anything is removed;
 * - the archive's location must be allowed for the index it came from (`registrySource.ts`);
 * - an archive without a sha256 is fetched only after the user confirms, told the risk;
 * - downloads are capped in size and follow same-origin redirects only (`boundedDownload.ts`);
 * - the archive is unpacked into a staging folder; the `cmd` must be a regular file inside it,
 *   reached through no symlink, before it is made executable; only then does the staging folder
 *   replace the installed version, so a failed install leaves the previous one in place.
 * Not covered: what the archive's own code does once run (that is the point of installing it),
 * and symlinks inside the archive other than on the `cmd` path (they are unpacked as they are).
 */
import { createHash, type Hash } from "node:crypto";
import { execFile } from "node:child_process";
import { createReadStream, constants } from "node:fs";
import { copyFile, lstat, mkdir, mkdtemp, open, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { isSafeSegment, platformKey, type RegistryAgent, type SettingsEntry } from "./agentRegistry";
import { downloadToFile, formatBytes } from "./boundedDownload";
import { archiveLocation, describeSource, type ArchiveLocation, type RegistrySource } from "./registrySource";
import { isInside } from "../platform/workspacePaths";
import { noFollowFlag } from "../platform/openFlags";

/** What the user is asked before an archive with no sha256 is downloaded. */
export interface UnverifiedDownload {
  readonly agent: string;
  readonly archive: string;
  /** The question, naming the risk; the VS Code side shows it in a modal. */
  readonly message: string;
}

/** Resolves true only on an explicit yes; anything else installs nothing. */
export type ConfirmUnverified = (download: UnverifiedDownload) => Promise<boolean>;

export interface InstallOptions {
  /** The index the agent came from (`RegistryIndex.source`). */
  readonly source: RegistrySource;
  readonly confirmUnverified: ConfirmUnverified;
  readonly platform?: string;
  /** Cap on the archive's size; default 512 MiB. */
  readonly maxArchiveBytes?: number;
}

export const DEFAULT_MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;
const NOTHING_INSTALLED = "Nothing was installed.";

export async function installBinary(
  agent: RegistryAgent,
  storageDir: string,
  options: InstallOptions,
): Promise<SettingsEntry> {
  const platform = options.platform ?? platformKey();
  const target = agent.distribution.binary?.[platform];
  if (!target) throw new Error(`${agent.name} has no binary for ${platform}.`);
  for (const [field, value] of [
    ["id", agent.id],
    ["version", agent.version],
  ] as const) {
    if (!isSafeSegment(value))
      throw new Error(
        `The registry's ${field} ${JSON.stringify(value)} is not a safe folder name. ${NOTHING_INSTALLED}`,
      );
  }
  const location = archiveLocation(options.source, target.archive);
  if (!target.sha256) {
    const message =
      `The registry gives no sha256 checksum for ${agent.name}'s archive:\n${target.archive}\n\n` +
      `ACP Panel can't check that the download is the file the registry meant. Whoever controls that server, or the index at ${describeSource(options.source)}, decides what code runs on your machine with your permissions.\n\n` +
      "Install it without verification?";
    if (!(await options.confirmUnverified({ agent: agent.name, archive: target.archive, message }))) {
      throw new Error(`${agent.name} was not installed: you declined an archive without a sha256 checksum.`);
    }
  }

  await mkdir(storageDir, { recursive: true });
  const storage = await realpath(storageDir);
  const agentDir = join(storage, agent.id);
  const dir = join(agentDir, agent.version);
  if (!isInside(dir, storage) || relative(storage, dir).split(sep).length !== 2) {
    throw new Error(
      `The install folder for ${agent.id} ${agent.version} would be outside ${storage}. ${NOTHING_INSTALLED}`,
    );
  }
  // Staging inside the storage folder (same file system, so the final rename is atomic); ids never start with ".".
  const staging = await mkdtemp(join(storage, ".staging-"));
  try {
    const file = join(staging, archiveFileName(location));
    const hash = createHash("sha256");
    const maxBytes = options.maxArchiveBytes ?? DEFAULT_MAX_ARCHIVE_BYTES;
    if (location.kind === "url")
      await downloadToFile(location.url, file, { maxBytes, timeoutMs: 300_000 }, (chunk) => void hash.update(chunk));
    else await copyLocal(location.path, file, maxBytes, hash);
    const actual = hash.digest("hex");
    if (target.sha256 && actual.toLowerCase() !== target.sha256.toLowerCase()) {
      throw new Error(`Checksum mismatch for ${target.archive}: expected sha256 ${target.sha256}, got ${actual}.`);
    }
    if (/\.(tar\.gz|tgz|tar\.bz2|tbz2)$/i.test(file)) await run("tar", ["-xf", file, "-C", staging]);
    else if (/\.zip$/i.test(file)) await run("unzip", ["-q", "-o", file, "-d", staging]);
    const staged = await checkedCommand(staging, target.cmd);
    if (process.platform !== "win32") await makeExecutable(staged, target.cmd);
    await replaceFolder(agentDir, dir, staging);
    return {
      command: join(dir, relative(staging, staged)),
      args: target.args ?? [],
      ...(target.env ? { env: target.env } : {}),
    };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.endsWith(NOTHING_INSTALLED) ? message : `${message} ${NOTHING_INSTALLED}`);
  }
}

/**
 * The `cmd` as a path inside `root` that is a regular file reached through no symlink: each
 * component is lstat'ed, and the realpath must be the path itself.
 */
async function checkedCommand(root: string, cmd: string): Promise<string> {
  const command = resolve(root, cmd);
  if (!isInside(command, root) || command === root)
    throw new Error(`The registry's cmd "${cmd}" points outside the install folder.`);
  let walked = root;
  const parts = relative(root, command).split(sep);
  for (const [i, part] of parts.entries()) {
    walked = join(walked, part);
    const info = await lstat(walked).catch(() => undefined);
    if (!info) throw new Error(`The registry's cmd "${cmd}" is not in the archive.`);
    if (info.isSymbolicLink()) {
      throw new Error(
        i === parts.length - 1
          ? `The registry's cmd "${cmd}" is a symlink; it must be a regular file inside the archive.`
          : `The registry's cmd "${cmd}" goes through a symlink ("${relative(root, walked)}"); it must be a regular file inside the archive.`,
      );
    }
    if (i === parts.length - 1 && !info.isFile()) throw new Error(`The registry's cmd "${cmd}" is not a regular file.`);
  }
  if ((await realpath(command)) !== command)
    throw new Error(`The registry's cmd "${cmd}" resolves elsewhere; it must be a regular file inside the archive.`);
  return command;
}

/** chmod 755 through a handle opened without following a symlink, on what is still a regular file. */
async function makeExecutable(path: string, cmd: string): Promise<void> {
  const handle = await open(path, constants.O_RDONLY | noFollowFlag);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`The registry's cmd "${cmd}" is not a regular file.`);
    await handle.chmod(0o755);
  } finally {
    await handle.close();
  }
}

/** Puts `staging` at `dir`, removing the previous version only once the new one is ready. */
async function replaceFolder(agentDir: string, dir: string, staging: string): Promise<void> {
  await mkdir(agentDir, { recursive: true });
  const info = await lstat(agentDir);
  if (!info.isDirectory() || (await realpath(agentDir)) !== agentDir) {
    throw new Error(`${agentDir} is not a plain folder (a symlink?); remove it and install again.`);
  }
  // rm does not follow a symlink at `dir`: it removes the link, never its target.
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
}

/** The archive's own file name when it is a safe one (its extension decides how to unpack it). */
function archiveFileName(location: ArchiveLocation): string {
  const name = location.kind === "url" ? safeDecode(basename(location.url.pathname)) : basename(location.path);
  if (isSafeSegment(name)) return name;
  return `download${/\.(tar\.gz|tgz|tar\.bz2|tbz2|zip)$/i.exec(name)?.[0] ?? ""}`;
}

async function copyLocal(path: string, file: string, maxBytes: number, hash: Hash): Promise<void> {
  const info = await stat(path).catch(() => {
    throw new Error(`The archive ${path} does not exist.`);
  });
  if (!info.isFile()) throw new Error(`The archive ${path} is not a regular file.`);
  if (info.size > maxBytes)
    throw new Error(`${path} is larger than ${formatBytes(maxBytes)}, the limit for this download.`);
  await copyFile(path, file, constants.COPYFILE_EXCL);
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { timeout: 120_000 }, (error, _out, stderr) =>
      error ? reject(new Error(`${command} ${args.join(" ")} failed: ${stderr || error.message}`)) : resolve(),
    ),
  );
}
