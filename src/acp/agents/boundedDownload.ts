/**
 * HTTP(S) downloads for untrusted URLs: a byte cap enforced while streaming (a Content-Length
 * above the cap fails before the body is read; a missing or lying one fails at the cap), a
 * timeout, and redirects followed only within the same origin (scheme, host and port). A
 * cross-origin redirect is refused, not followed: the origin the user's index named is the
 * only one that serves the bytes.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";

export interface DownloadLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

const MAX_REDIRECTS = 5;

/** Streams the body of `url` to `onChunk`; returns the byte count. */
export async function downloadBounded(
  url: URL,
  limits: DownloadLimits,
  onChunk: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { redirect: "manual", signal }).catch((error: unknown) => {
      throw new Error(`Could not download ${current.href}: ${describe(error)}`);
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
      await response.body?.cancel();
      const next = new URL(response.headers.get("location") ?? "", current);
      if (next.origin !== url.origin) {
        throw new Error(
          `${url.href} redirected to another origin (${next.origin}); the download was refused. Point the registry at the final https: URL instead.`,
        );
      }
      if (hop >= MAX_REDIRECTS)
        throw new Error(`${url.href} redirected more than ${MAX_REDIRECTS} times; the download was refused.`);
      current = next;
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`${current.href} answered ${response.status} ${response.statusText}.`);
    }
    const declared = Number(response.headers.get("content-length") ?? NaN);
    if (declared > limits.maxBytes) {
      await response.body.cancel();
      throw tooLarge(url, limits.maxBytes);
    }
    let total = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return total;
        total += value.byteLength;
        if (total > limits.maxBytes) throw tooLarge(url, limits.maxBytes);
        await onChunk(value);
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      if (signal.aborted)
        throw new Error(
          `Downloading ${url.href} took longer than ${Math.round(limits.timeoutMs / 1000)} s; it was stopped.`,
        );
      throw error;
    }
  }
}

/** The whole body as text, within the limits. */
export async function downloadText(url: URL, limits: DownloadLimits): Promise<string> {
  const chunks: Uint8Array[] = [];
  await downloadBounded(url, limits, (chunk) => void chunks.push(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** Writes the body to `file` (created exclusively), calling `onChunk` on each piece (e.g. to hash it). */
export async function downloadToFile(
  url: URL,
  file: string,
  limits: DownloadLimits,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  await once(out, "open");
  try {
    await downloadBounded(url, limits, async (chunk) => {
      onChunk(chunk);
      if (!out.write(chunk)) await once(out, "drain");
    });
  } finally {
    out.end();
    await once(out, "close");
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function tooLarge(url: URL, maxBytes: number): Error {
  return new Error(`${url.href} is larger than ${formatBytes(maxBytes)}, the limit for this download; it was stopped.`);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
