/**
 * `@https://…` in the composer: the extension fetches the page (the webview never does), only after
 * the user agreed to the exact URL (urlAttachments.ts asks). Rules:
 * - http and https only, no user name or password in the URL;
 * - `fetchPage` follows no redirect: it returns it, and `fetchWithConsent` asks again for its target
 *   (so consent always covers the URL actually fetched, and no other scheme is ever reached);
 * - at most `MAX_FETCH_BYTES` are read (after decompression), within `FETCH_TIMEOUT_MS`;
 * - only text answers: HTML is turned into plain text (htmlText.ts), other text kept as it is,
 *   and the text is cut at `MAX_PAGE_CHARS`.
 */
import { htmlToText } from "./htmlText";

export const MAX_FETCH_BYTES = 1024 * 1024;
export const MAX_PAGE_CHARS = 100 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;

export type FetchOutcome =
  | { readonly kind: "page"; readonly url: string; readonly text: string; readonly truncated: boolean }
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "failed"; readonly reason: string };

/** The URL to fetch, or undefined when it isn't one this fetch may follow. */
export function fetchableUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password) return undefined;
  return url;
}

const TEXT_TYPES = /^(text\/[\w.+-]+|application\/(json|xml|xhtml\+xml|javascript|[\w.-]+\+(json|xml)))$/;

export interface FetchOptions {
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly maxChars?: number;
}

export async function fetchPage(url: URL, options: FetchOptions = {}): Promise<FetchOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      redirect: "manual",
      signal: controller.signal,
      headers: { accept: "text/html, text/plain;q=0.9, */*;q=0.5" },
    });
    if (response.status >= 300 && response.status < 400) {
      void response.body?.cancel();
      const location = response.headers.get("location");
      const target = location ? fetchableUrl(new URL(location, url).toString()) : undefined;
      return target
        ? { kind: "redirect", location: target.toString() }
        : { kind: "failed", reason: `redirected to a URL that is not http(s): ${location ?? "(none)"}` };
    }
    if (!response.ok) {
      void response.body?.cancel();
      return { kind: "failed", reason: `HTTP ${response.status}` };
    }
    const contentType = (response.headers.get("content-type") ?? "text/plain").toLowerCase();
    const mime = contentType.split(";")[0]!.trim();
    if (!TEXT_TYPES.test(mime)) {
      void response.body?.cancel();
      return { kind: "failed", reason: `not a text page (${mime})` };
    }
    const { bytes, cut } = await readCapped(response, options.maxBytes ?? MAX_FETCH_BYTES);
    const charset = /charset=([\w-]+)/.exec(contentType)?.[1];
    const raw = decoder(charset).decode(bytes);
    const text = mime === "text/html" || mime === "application/xhtml+xml" ? htmlToText(raw) : raw;
    const maxChars = options.maxChars ?? MAX_PAGE_CHARS;
    return {
      kind: "page",
      url: url.toString(),
      text: text.slice(0, maxChars),
      truncated: cut || text.length > maxChars,
    };
  } catch (error) {
    return {
      kind: "failed",
      reason: controller.signal.aborted ? "timed out" : error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(response: Response, cap: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), cut: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= cap) {
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(size, cap));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return { bytes, cut: size >= cap };
}

function decoder(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

export const MAX_REDIRECTS = 3;

export type ConsentedFetch =
  | Extract<FetchOutcome, { kind: "page" | "failed" }>
  /** The user said no (to the URL, or to a redirect's target). */
  | { readonly kind: "declined" };

export interface ConsentedFetchPorts {
  /** One fetch that never follows a redirect (`fetchPage`). */
  readonly fetch: (url: URL) => PromiseLike<FetchOutcome>;
  /** Asks the user about this exact URL; `redirectedFrom` is the URL that redirected to it. */
  readonly consent: (url: string, redirectedFrom: string | undefined) => PromiseLike<boolean>;
  readonly maxRedirects?: number;
}

/**
 * Fetches `url` after the user agreed to it, and each redirect's target only after the user agreed
 * to that target too: consent always covers the URL actually fetched. A redirect back to a URL
 * already fetched is a loop and stops at once; more than `maxRedirects` hops stop too.
 */
export async function fetchWithConsent(url: URL, ports: ConsentedFetchPorts): Promise<ConsentedFetch> {
  const max = ports.maxRedirects ?? MAX_REDIRECTS;
  const seen = new Set<string>();
  let target = url;
  let from: string | undefined;
  for (let hop = 0; ; hop++) {
    const here = target.toString();
    if (!(await ports.consent(here, from))) return { kind: "declined" };
    seen.add(here);
    const outcome = await ports.fetch(target);
    if (outcome.kind !== "redirect") return outcome;
    if (seen.has(outcome.location)) {
      return { kind: "failed", reason: `redirect loop: ${here} redirects back to ${outcome.location}` };
    }
    if (hop >= max) return { kind: "failed", reason: `more than ${max} redirects (the last to ${outcome.location})` };
    from = here;
    target = new URL(outcome.location);
  }
}
