/**
 * Whether a failed `session/prompt` is worth trying again (issue 28 item 3, auto-retry). Only an
 * error that says it is temporary counts: a rate limit, an overloaded model, an HTTP 429 or 5xx
 * named in the error's data or message. Everything else (auth, bad params, a refusal) is final.
 * ACP has no standard field for this, so the agent's own words are read: Anthropic-style
 * `type: "rate_limit_error" | "overloaded_error"`, a `status`/`statusCode` number, or the text.
 */

/** Why an error looks temporary, and how long the agent asked us to wait, if it said. */
export interface TransientError {
  readonly reason: "rate limited" | "overloaded" | "server error";
  readonly retryAfterMs?: number;
}

/** JSON-RPC codes that are never temporary: the request itself is wrong, or sign-in is needed. */
const FINAL_CODES = new Set([-32700, -32600, -32601, -32602, -32000]);

const RATE_LIMIT = /rate[\s_-]?limit|too many requests|\bquota exceeded\b/i;
const OVERLOADED = /overloaded|temporarily unavailable|service unavailable|\bcapacity\b/i;
/**
 * A status number in text: "429 Too Many", "HTTP 503", "status code 502", "API Error: 500",
 * "returned 500"; not just any three digits ("line 500"). A line start skips only its own line's
 * blanks: `^\s*` went on over the following lines from every line start (an agent's error of 40,000
 * blank lines took 20 s).
 */
const STATUS_IN_TEXT =
  /\b(?:http|status(?: code)?|error:|returned)[\s:=]*(429|5\d\d)\b|^[^\S\r\n\u2028\u2029]*(429|5\d\d)\b/im;
const STATUS_FIELDS = ["status", "statusCode", "httpStatus", "status_code"] as const;

export function transientError(error: unknown): TransientError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof code === "number" && FINAL_CODES.has(code)) return undefined;
  const text = [typeof message === "string" ? message : "", dataText(data)].join("\n");
  const status = statusOf(data) ?? statusInText(text);
  const retryAfterMs = retryAfterOf(data);
  const reason: TransientError["reason"] | undefined =
    status === 429 || RATE_LIMIT.test(text)
      ? "rate limited"
      : status === 529 || OVERLOADED.test(text)
        ? "overloaded"
        : status !== undefined && status >= 500 && status <= 599
          ? "server error"
          : undefined;
  if (!reason) return undefined;
  return retryAfterMs === undefined ? { reason } : { reason, retryAfterMs };
}

function dataText(data: unknown): string {
  if (data === undefined || data === null) return "";
  if (typeof data === "string") return data;
  try {
    return JSON.stringify(data).slice(0, 4_000);
  } catch {
    return "";
  }
}

function statusOf(data: unknown): number | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  for (const field of STATUS_FIELDS) {
    const value = record[field];
    if (typeof value === "number" && Number.isInteger(value)) return value;
  }
  // One level down: `{ error: { status: 529 } }`, `{ response: { status: 503 } }`.
  for (const nested of ["error", "response", "cause"]) {
    const inner = record[nested];
    if (typeof inner === "object" && inner !== null) {
      for (const field of STATUS_FIELDS) {
        const value = (inner as Record<string, unknown>)[field];
        if (typeof value === "number" && Number.isInteger(value)) return value;
      }
    }
  }
  return undefined;
}

function statusInText(text: string): number | undefined {
  const match = STATUS_IN_TEXT.exec(text);
  const digits = match?.[1] ?? match?.[2];
  return digits === undefined ? undefined : Number(digits);
}

/** `retryAfter` / `retry_after` / `retryAfterSeconds` in seconds, or `retryAfterMs`. */
function retryAfterOf(data: unknown): number | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const ms = record.retryAfterMs;
  if (typeof ms === "number" && ms >= 0) return ms;
  for (const field of ["retryAfter", "retry_after", "retryAfterSeconds"]) {
    const seconds = record[field];
    if (typeof seconds === "number" && seconds >= 0) return seconds * 1000;
  }
  return undefined;
}
