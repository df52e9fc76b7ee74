/**
 * The stdio bridge as tests run it: bundled once from src/acp/client/mcpTools/stdioBridge.ts (as
 * esbuild.mjs builds dist/mcpBridge.js), and a small MCP client that speaks to a stdio server.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { repoRoot } from "./fakeAgentLaunch";
import { scratchDir } from "./scratchDir";

let bundled: string | undefined;

export function bridgeScriptPath(): string {
  if (bundled && existsSync(bundled)) return bundled;
  const out = join(scratchDir("acp-mcp-bridge-"), "mcpBridge.js");
  buildSync({
    entryPoints: [join(repoRoot, "src/acp/client/mcpTools/stdioBridge.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
  });
  bundled = out;
  return out;
}

export interface StdioServerEntry {
  command: string;
  args: string[];
  env: Array<{ name: string; value: string }>;
}

/** An MCP client over a child's stdio, newline-delimited JSON-RPC. */
export class StdioMcpClient {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;
  private nextId = 0;
  private buffer = "";
  private readonly waiting = new Map<
    number,
    (message: { result?: unknown; error?: { code: number; message: string } }) => void
  >();
  readonly stderr: string[] = [];

  constructor(entry: StdioServerEntry) {
    const env = { ...process.env, ...Object.fromEntries(entry.env.map(({ name, value }) => [name, value])) };
    this.child = spawn(entry.command, entry.args, { env, stdio: ["pipe", "pipe", "pipe"] });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
    this.child.stdout.setEncoding("utf8");
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => this.stderr.push(chunk));
    this.child.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      let newline = this.buffer.indexOf("\n");
      while (newline !== -1) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        const message = JSON.parse(line) as {
          id?: number;
          result?: unknown;
          error?: { code: number; message: string };
        };
        if (typeof message.id === "number") this.waiting.get(message.id)?.(message);
        newline = this.buffer.indexOf("\n");
      }
    });
  }

  request(
    method: string,
    params: object = {},
  ): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  notify(method: string, params: object = {}): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);
  }

  writeRaw(text: string): void {
    this.child.stdin.write(text);
  }

  close(): void {
    this.child.stdin.end();
  }
}
