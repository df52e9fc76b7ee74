/**
 * Where a registry index and its archives may come from. The rule (fail closed):
 * - An index is an `https:` URL, or a local file (a path or `file:` URL, for offline use).
 *   `http:` is accepted only for a loopback host (127.0.0.0/8, ::1, localhost): such traffic never
 *   leaves the machine, so no one on the network can change it. That is what tests and a local
 *   mirror use; any other `http:` is refused, since whoever sits on the path would choose the code.
 * - A remote index points only at `https:` archives. The one exception keeps loopback on loopback:
 *   an index served from a loopback host may use `http:` archives on a loopback host. A remote
 *   index never points at a local file (it would copy and run files of the user's choosing) and
 *   never at a relative location.
 * - A local index may also point at local archives, absolute or relative to the index's folder.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The public ACP registry index (agentclientprotocol.com, "Get started: Registry"). */
export const PUBLIC_REGISTRY_INDEX = "https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json";

/**
 * Moves the default (not a value the user set) to another index: the offline e2e proves the
 * no-setting path against a local registry.json with it. Whatever it names still passes
 * `registrySourceOf`'s rules.
 */
export const DEFAULT_REGISTRY_ENV = "ACP_PANEL_DEFAULT_REGISTRY";

/** The index to read: the `acpPanel.registry` setting when set, else the default. */
export function registryIndexLocation(
  setting: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return setting?.trim() || env[DEFAULT_REGISTRY_ENV]?.trim() || PUBLIC_REGISTRY_INDEX;
}

export type RegistrySource =
  { readonly kind: "remote"; readonly url: URL } | { readonly kind: "local"; readonly path: string };

export type ArchiveLocation =
  { readonly kind: "url"; readonly url: URL } | { readonly kind: "file"; readonly path: string };

/** Classifies the `acpPanel.registry` value; throws an actionable error for anything refused. */
export function registrySourceOf(source: string): RegistrySource {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(source)?.[1]?.toLowerCase();
  if (scheme === undefined || (scheme.length === 1 && process.platform === "win32"))
    return { kind: "local", path: resolve(source) };
  if (scheme === "file") return { kind: "local", path: fileURLToPath(source) };
  if (scheme !== "https" && scheme !== "http") {
    throw new Error(`The registry "${source}" must be an https: URL or a local file (a path or file: URL).`);
  }
  const url = new URL(source);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `The registry "${source}" must use https: (http: only on a loopback host such as 127.0.0.1): over plain http anyone on the network could change which code you install.`,
    );
  }
  return { kind: "remote", url };
}

/** Where the index's `archive` may be fetched from; throws when the rule above refuses it. */
export function archiveLocation(source: RegistrySource, archive: string): ArchiveLocation {
  const url = absoluteUrl(archive);
  if (source.kind === "remote") {
    const loopbackIndex = isLoopbackHost(source.url.hostname);
    if (url?.protocol === "https:" && (loopbackIndex || !isLoopbackHost(url.hostname))) return { kind: "url", url };
    if (url?.protocol === "http:" && loopbackIndex && isLoopbackHost(url.hostname)) return { kind: "url", url };
    throw refused(source, archive);
  }
  if (url?.protocol === "https:" || (url?.protocol === "http:" && isLoopbackHost(url.hostname)))
    return { kind: "url", url };
  if (url?.protocol === "file:") return { kind: "file", path: fileURLToPath(url) };
  if (url) throw refused(source, archive);
  return { kind: "file", path: isAbsolute(archive) ? archive : resolve(dirname(source.path), archive) };
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

export function describeSource(source: RegistrySource): string {
  return source.kind === "remote" ? source.url.href : source.path;
}

function absoluteUrl(text: string): URL | undefined {
  // A Windows drive path ("C:\…") parses as a URL with scheme "c:"; it is a path.
  if (!/^[a-z][a-z0-9+.-]+:/i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function refused(source: RegistrySource, archive: string): Error {
  const rule =
    source.kind === "remote" && isLoopbackHost(source.url.hostname)
      ? "https: archives (or http: on a loopback host)"
      : source.kind === "remote"
        ? "https: archives"
        : "https: archives or local files";
  return new Error(
    `The registry read from ${describeSource(source)} may only point at ${rule}; its archive "${archive}" is refused. Nothing was installed.`,
  );
}
