/**
 * A protocol message (or part of one) as the logs store it: JSON text, at most `limit` characters, built
 * from fresh strings (never a slice of the message, which would keep a huge message alive), and
 * safe at any depth (`JSON.stringify` throws a RangeError on a 20,000-level message, and a throw in
 * the raw tap would close the connection). Values that are secrets by where they sit are replaced
 * here: `mcpServers` env and header values, and keys named like a credential (`access_token`,
 * `x-api-key`, `OPENAI_API_KEY`…). Secrets recognised by their shape are redacted when the log is
 * read (`redactSecrets`).
 */
import { SENSITIVE_KEY } from "./secretRedaction";
import { TRAFFIC_LINE_LIMIT } from "./trafficLog";

/** Deeper values are shown as a placeholder; real ACP messages nest a dozen levels at most. */
export const LOG_MAX_DEPTH = 64;
const TRUNCATED = "… (truncated)";
const REDACTED = '"[redacted]"';
const TOO_DEEP = '"[nested too deep]"';

export type Context = "plain" | "mcp" | "mcpEnv";

class BoundedWriter {
  private readonly parts: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  /** A method, not a getter: each write may fill it, and a getter's value would be taken as fixed. */
  isFull(): boolean {
    return this.length >= this.limit;
  }

  get remaining(): number {
    return this.limit - this.length;
  }

  write(text: string): void {
    if (this.isFull()) return;
    const part = text.length > this.remaining ? text.slice(0, this.remaining) : text;
    this.parts.push(part);
    this.length += part.length;
  }

  /** A fresh string: joining two or more parts copies them, so a part cut from a huge value keeps nothing alive. */
  text(): string {
    return this.isFull() ? [...this.parts, TRUNCATED].join("") : this.parts.join("");
  }
}

/** JSON for a log, `limit` characters at most; never throws. */
export function logJson(message: unknown, limit = TRAFFIC_LINE_LIMIT): string {
  const out = new BoundedWriter(limit - TRUNCATED.length);
  try {
    writeValue(out, message, 0, "plain");
  } catch {
    return '"[a message that could not be rendered]"'; // a throwing toJSON or getter (never from the wire)
  }
  return out.text();
}

function writeValue(out: BoundedWriter, value: unknown, depth: number, context: Context): void {
  if (out.isFull()) return;
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  switch (typeof value) {
    case "string":
      // Only what can still be shown is copied; JSON.stringify returns a fresh string.
      out.write(JSON.stringify(value.length > out.remaining ? value.slice(0, out.remaining) : value));
      return;
    case "number":
      out.write(Number.isFinite(value) ? String(value) : "null");
      return;
    case "boolean":
      out.write(value ? "true" : "false");
      return;
    case "bigint":
      out.write(`"${value.toString()}"`);
      return;
    case "object":
      break;
    case "undefined":
    case "function":
    case "symbol":
      out.write("null"); // only reached inside arrays
      return;
  }
  if (value === null) return out.write("null");
  if (depth >= LOG_MAX_DEPTH) return out.write(TOO_DEEP);
  if (Array.isArray(value)) {
    out.write("[");
    for (let i = 0; i < value.length && !out.isFull(); i++) {
      if (i > 0) out.write(",");
      writeValue(out, value[i] as unknown, depth + 1, context);
    }
    out.write("]");
    return;
  }
  out.write("{");
  let first = true;
  const record = value as Record<string, unknown>;
  const envEntry = context === "mcpEnv" && typeof record.name === "string";
  for (const key of Object.keys(record)) {
    if (out.isFull()) break;
    const child = record[key];
    if (child === undefined || typeof child === "function" || typeof child === "symbol") continue;
    if (!first) out.write(",");
    first = false;
    out.write(`${JSON.stringify(key)}:`);
    if (typeof child === "string" && redacts(key, child, context, envEntry, record)) out.write(REDACTED);
    else writeValue(out, child, depth + 1, childContext(context, key));
  }
  out.write("}");
}

function childContext(context: Context, key: string): Context {
  if (key === "mcpServers") return "mcp";
  if (context === "mcp" && (key === "env" || key === "headers")) return "mcpEnv";
  return context;
}

function redacts(
  key: string,
  value: string,
  context: Context,
  envEntry: boolean,
  record: Record<string, unknown>,
): boolean {
  if (value === "") return false;
  if (SENSITIVE_KEY.test(key)) return true;
  // Inside an MCP server's env or headers every value is a secret: `{ name, value }` pairs
  // (ACP's shape) or a plain name → value map.
  if (context === "mcpEnv") return envEntry ? key !== "name" : true;
  // Any other `{ name: "X-Api-Key", value: "…" }` pair (headers in another shape).
  return key === "value" && typeof record.name === "string" && SENSITIVE_KEY.test(record.name);
}
