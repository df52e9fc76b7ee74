/**
 * The raw protocol traffic of every agent, both directions, in a bounded ring buffer ("ACP: Show
 * Traffic"). Lines are stored as the agent sent them (shortened) and known secret shapes are
 * redacted when they are read: six regular expressions over every message would otherwise run on
 * the hot path of a stream or a session replay, for a log that is rarely opened.
 */
export interface TrafficLine {
  readonly at: number;
  readonly agent: string;
  readonly direction: "in" | "out";
  readonly text: string;
}

export const TRAFFIC_CAPACITY = 5000;
/** A single huge message (a 10 MB chunk) is shortened in the log, never in the protocol. */
export const TRAFFIC_LINE_LIMIT = 16 * 1024;

const SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g, // Anthropic / OpenAI keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google API keys
  /\bxox[abpr]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/gi,
  /("(?:api[_-]?key|apikey|token|secret|password|authorization)"\s*:\s*")[^"]{4,}(")/gi,
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match: string, prefix?: string, suffix?: string) =>
      typeof prefix === "string" && typeof suffix === "string" ? `${prefix}[redacted]${suffix}` : "[redacted]");
  }
  return out;
}

export class TrafficLog {
  private readonly lines: TrafficLine[] = [];
  private start = 0;

  constructor(private readonly capacity = TRAFFIC_CAPACITY) {}

  add(agent: string, direction: "in" | "out", text: string, at: number): void {
    const shortened = text.length > TRAFFIC_LINE_LIMIT ? `${text.slice(0, TRAFFIC_LINE_LIMIT)}… (${text.length} characters)` : text;
    const line: TrafficLine = { at, agent, direction, text: shortened };
    if (this.lines.length < this.capacity) this.lines.push(line);
    else {
      this.lines[this.start] = line;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** Oldest first, redacted. */
  snapshot(): TrafficLine[] {
    return [...this.lines.slice(this.start), ...this.lines.slice(0, this.start)].map((line) => ({ ...line, text: redactSecrets(line.text) }));
  }

  render(): string {
    return this.snapshot()
      .map((line) => `${new Date(line.at).toISOString()} ${line.agent} ${line.direction === "in" ? "←" : "→"} ${line.text}`)
      .join("\n");
  }
}
