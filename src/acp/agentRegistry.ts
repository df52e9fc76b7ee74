/**
 * The ACP agent registry: an index of agents with how to launch them (npx, uvx, or a binary per
 * platform). Read from a URL or a local file (offline), validated, and turned into an
 * `acpPanel.agents` entry. Binary archives are downloaded, checked against their sha256 when the
 * index gives one, and unpacked into the extension's storage.
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile, chmod } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import * as z from "zod";
import { isInside } from "./workspacePaths";

const launchFields = { args: z.array(z.string()).optional(), env: z.record(z.string(), z.string()).optional() };
const binaryTarget = z.looseObject({ archive: z.string(), cmd: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/i).optional(), ...launchFields });

export const registryAgentSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9._-]+$/),
  name: z.string(),
  version: z.string(),
  description: z.string().catch(""),
  distribution: z.looseObject({
    npx: z.looseObject({ package: z.string(), ...launchFields }).optional(),
    uvx: z.looseObject({ package: z.string(), ...launchFields }).optional(),
    binary: z.record(z.string(), binaryTarget).optional(),
  }),
});
export type RegistryAgent = z.infer<typeof registryAgentSchema>;

const indexSchema = z.looseObject({ agents: z.array(z.unknown()) });

export interface RegistryIndex {
  readonly agents: RegistryAgent[];
  /** Entries that failed validation, by position and reason. */
  readonly skipped: string[];
}

/** Reads the index from an http(s) URL or a local path. */
export async function readRegistry(source: string): Promise<RegistryIndex> {
  const text = /^https?:\/\//.test(source) ? await fetchText(source) : await readFile(source.replace(/^file:\/\//, ""), "utf8");
  const parsed = indexSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${source} is not an ACP registry index (no "agents" list).`);
  const agents: RegistryAgent[] = [];
  const skipped: string[] = [];
  parsed.data.agents.forEach((raw, i) => {
    const agent = registryAgentSchema.safeParse(raw);
    if (agent.success) agents.push(agent.data);
    else skipped.push(`agents[${i}]: ${agent.error.issues[0]?.path.join(".")} ${agent.error.issues[0]?.message}`);
  });
  return { agents, skipped };
}

/** The registry's platform key for this machine, e.g. "linux-x86_64". */
export function platformKey(platform = process.platform, arch = process.arch): string {
  const os = platform === "win32" ? "windows" : platform;
  return `${os}-${arch === "arm64" ? "aarch64" : arch === "x64" ? "x86_64" : arch}`;
}

export type Distribution = "npx" | "uvx" | "binary";

export function distributionsOf(agent: RegistryAgent, platform = platformKey()): Distribution[] {
  const { npx, uvx, binary } = agent.distribution;
  return [...(npx ? ["npx" as const] : []), ...(uvx ? ["uvx" as const] : []), ...(binary?.[platform] ? ["binary" as const] : [])];
}

export interface SettingsEntry {
  readonly command: string;
  readonly args: string[];
  readonly env?: Record<string, string>;
}

/** The settings entry for an npx or uvx launch (packages pinned to the indexed version). */
export function packageEntry(agent: RegistryAgent, kind: "npx" | "uvx"): SettingsEntry {
  const dist = agent.distribution[kind];
  if (!dist) throw new Error(`${agent.name} has no ${kind} distribution.`);
  const pinned = /@[^/]+$/.test(dist.package.replace(/^@/, "")) || kind === "uvx" ? dist.package : `${dist.package}@${agent.version}`;
  return kind === "npx"
    ? { command: "npx", args: ["-y", pinned, ...(dist.args ?? [])], ...(dist.env ? { env: dist.env } : {}) }
    : { command: "uvx", args: [pinned, ...(dist.args ?? [])], ...(dist.env ? { env: dist.env } : {}) };
}

/**
 * Downloads the platform's archive into `storageDir/<id>/<version>`, verifies its sha256 when the
 * index gives one, unpacks it (tar.gz/tgz/tar.bz2/zip via the system's tar/unzip; anything else is a
 * raw binary) and returns the entry with an absolute command.
 */
export async function installBinary(agent: RegistryAgent, storageDir: string, platform = platformKey()): Promise<SettingsEntry> {
  const target = agent.distribution.binary?.[platform];
  if (!target) throw new Error(`${agent.name} has no binary for ${platform}.`);
  const bytes = /^https?:\/\//.test(target.archive) ? await fetchBytes(target.archive) : await readFile(target.archive.replace(/^file:\/\//, ""));
  if (target.sha256) {
    const actual = createHash("sha256").update(bytes).digest("hex");
    if (actual.toLowerCase() !== target.sha256.toLowerCase()) {
      throw new Error(`Checksum mismatch for ${target.archive}: expected sha256 ${target.sha256}, got ${actual}. Nothing was installed.`);
    }
  }
  const dir = join(storageDir, agent.id, agent.version);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const file = join(dir, basename(new URL(target.archive, "file:///").pathname) || "download");
  await writeFile(file, bytes);
  if (/\.(tar\.gz|tgz|tar\.bz2|tbz2)$/i.test(file)) await run("tar", ["-xf", file, "-C", dir]);
  else if (/\.zip$/i.test(file)) await run("unzip", ["-q", "-o", file, "-d", dir]);
  const command = resolve(dir, target.cmd);
  if (!isInside(command, dir) || command === dir) throw new Error(`The registry's cmd "${target.cmd}" points outside the install folder.`);
  if (process.platform !== "win32") await chmod(command, 0o755).catch(() => undefined);
  return { command, args: target.args ?? [], ...(target.env ? { env: target.env } : {}) };
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}.`);
  return response.text();
}

async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}.`);
  return Buffer.from(await response.arrayBuffer());
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => execFile(command, args, { timeout: 120_000 }, (error, _out, stderr) =>
    error ? reject(new Error(`${command} ${args.join(" ")} failed: ${stderr || error.message}`)) : resolve()));
}
