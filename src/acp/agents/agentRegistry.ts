/**
 * The ACP agent registry: an index of agents with how to launch them (npx, uvx, or a binary per
 * platform). Read from an https: URL or a local file (offline; see `registrySource.ts` for the
 * rule), validated, and turned into an `acpPanel.agents` entry. Binary archives are installed by
 * `registryInstall.ts`.
 *
 * Every entry is untrusted, so the schema refuses (and the index lists as skipped, with the
 * reason) what could reach past the entry itself: an `id` or `version` that is not a safe folder
 * name (they become `<storage>/<id>/<version>`), an `env` value carrying a `${secret:…}`
 * reference (the index would choose which of the user's secrets an agent receives), and a
 * package that reads as a command-line option.
 */
import { readFile, stat } from "node:fs/promises";
import * as z from "zod";
import { downloadText, formatBytes } from "./boundedDownload";
import { registrySourceOf, type RegistrySource } from "./registrySource";
import { errorCode } from "../platform/errorCode";

/** A folder name an index may choose: no separators, never "." or "..", no leading dot or dash. */
export const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

export function isSafeSegment(value: string): boolean {
  return SAFE_SEGMENT.test(value) && value !== "." && value !== ".." && value.length <= 128;
}

const safeSegment = (field: string) =>
  z.string().refine(isSafeSegment, {
    error: (issue) =>
      `${field} ${JSON.stringify(issue.input)} is not a safe folder name (a letter or digit, then letters, digits, ".", "_", "+" or "-"; at most 128).`,
  });

/** `${secret:NAME}`, with the spacing variants a lenient reader might accept. */
const SECRET_REFERENCE = /\$\{\s*secret\s*:/i;

const envValue = z.string().refine((value) => !SECRET_REFERENCE.test(value), {
  error:
    "may not contain a ${secret:…} reference: a registry can't choose which of your secrets an agent receives. Add the agent, then set its env yourself.",
});
const launchFields = { args: z.array(z.string()).optional(), env: z.record(z.string(), envValue).optional() };
const packageName = z
  .string()
  .regex(/^[^-\s]\S*$/, 'must be a package name (not empty, no spaces, not starting with "-")');
const binaryTarget = z.looseObject({
  archive: z.string(),
  cmd: z.string(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional(),
  ...launchFields,
});

export const registryAgentSchema = z.looseObject({
  id: safeSegment("id"),
  // The name becomes a key of `acpPanel.agents` and a label: printable, bounded.
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, "may not contain control characters"),
  version: safeSegment("version"),
  description: z.string().catch(""),
  distribution: z.looseObject({
    npx: z.looseObject({ package: packageName, ...launchFields }).optional(),
    uvx: z.looseObject({ package: packageName, ...launchFields }).optional(),
    binary: z.record(z.string(), binaryTarget).optional(),
  }),
});
export type RegistryAgent = z.infer<typeof registryAgentSchema>;

const indexSchema = z.looseObject({ agents: z.array(z.unknown()) });

export interface RegistryIndex {
  /** Where the index came from: decides where its archives may come from. */
  readonly source: RegistrySource;
  readonly agents: RegistryAgent[];
  /** Entries that failed validation, by position, reason and (when it has one) name. */
  readonly skipped: string[];
}

export interface ReadOptions {
  /** Cap on the index's size; default 8 MiB (the public index is well under 1 MiB). */
  readonly maxBytes?: number;
}

export const DEFAULT_MAX_INDEX_BYTES = 8 * 1024 * 1024;

/** Reads the index from an https: URL (http: only on loopback) or a local path. */
export async function readRegistry(source: string, options: ReadOptions = {}): Promise<RegistryIndex> {
  const where = registrySourceOf(source);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INDEX_BYTES;
  const text =
    where.kind === "remote"
      ? await downloadText(where.url, { maxBytes, timeoutMs: 30_000 })
      : await readLocalIndex(where.path, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const parsed = indexSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${source} is not an ACP registry index (no "agents" list).`);
  const agents: RegistryAgent[] = [];
  const skipped: string[] = [];
  parsed.data.agents.forEach((raw, i) => {
    const agent = registryAgentSchema.safeParse(raw);
    if (agent.success) return void agents.push(agent.data);
    const issue = agent.error.issues[0];
    const rawName = (raw as { name?: unknown } | null)?.name;
    const name = typeof rawName === "string" ? ` (entry "${rawName.slice(0, 100)}")` : "";
    skipped.push(`agents[${i}]: ${issue?.path.join(".")} ${issue?.message}${name}`);
  });
  return { source: where, agents, skipped };
}

async function readLocalIndex(path: string, maxBytes: number): Promise<string> {
  const info = await stat(path).catch((error: unknown) => {
    throw new Error(
      errorCode(error) === "ENOENT"
        ? `The registry file ${path} does not exist.`
        : `Could not read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (!info.isFile()) throw new Error(`${path} is not a regular file.`);
  if (info.size > maxBytes)
    throw new Error(`${path} is larger than ${formatBytes(maxBytes)}, the limit for a registry index.`);
  return readFile(path, "utf8");
}

/** The registry's platform key for this machine, e.g. "linux-x86_64". */
export function platformKey(platform = process.platform, arch = process.arch): string {
  const os = platform === "win32" ? "windows" : platform;
  return `${os}-${arch === "arm64" ? "aarch64" : arch === "x64" ? "x86_64" : arch}`;
}

export type Distribution = "npx" | "uvx" | "binary";

export function distributionsOf(agent: RegistryAgent, platform = platformKey()): Distribution[] {
  const { npx, uvx, binary } = agent.distribution;
  return [
    ...(npx ? ["npx" as const] : []),
    ...(uvx ? ["uvx" as const] : []),
    ...(binary?.[platform] ? ["binary" as const] : []),
  ];
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
  const pinned =
    /@[^/]+$/.test(dist.package.replace(/^@/, "")) || kind === "uvx"
      ? dist.package
      : `${dist.package}@${agent.version}`;
  return kind === "npx"
    ? { command: "npx", args: ["-y", pinned, ...(dist.args ?? [])], ...(dist.env ? { env: dist.env } : {}) }
    : { command: "uvx", args: [pinned, ...(dist.args ?? [])], ...(dist.env ? { env: dist.env } : {}) };
}
