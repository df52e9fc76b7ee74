/**
 * Newline-delimited JSON, as MCP's stdio transport frames it: one message per line, no embedded
 * newlines. A line over `maxLineBytes` is an error (the connection is dropped), never buffered
 * without bound.
 */
export class LineReader {
  private pending = "";

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: string): void {
    let text = this.pending + chunk;
    let newline = text.indexOf("\n");
    while (newline !== -1) {
      const line = text.slice(0, newline).replace(/\r$/, "");
      text = text.slice(newline + 1);
      if (Buffer.byteLength(line, "utf8") > this.maxLineBytes) return this.overflow();
      if (line.trim().length > 0) this.onLine(line);
      newline = text.indexOf("\n");
    }
    if (Buffer.byteLength(text, "utf8") > this.maxLineBytes) return this.overflow();
    this.pending = text;
  }

  private overflow(): void {
    this.pending = "";
    this.onOverflow();
  }
}
