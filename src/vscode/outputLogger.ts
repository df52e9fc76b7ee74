/**
 * The Logger port on VS Code: the "ACP Panel" log output channel for the extension and the
 * agents' stderr, and a bounded, redacted ring buffer of raw protocol traffic that
 * "ACP: Show Traffic" opens as a document (never streamed to a channel: it is the hot path).
 */
import * as vscode from "vscode";
import type { Logger } from "../acp/ports";
import { TRAFFIC_LINE_LIMIT, TrafficLog } from "../acp/client/connection/trafficLog";

export class OutputLogger implements Logger, vscode.Disposable {
  readonly channel = vscode.window.createOutputChannel("ACP Panel", { log: true });
  readonly trafficLog = new TrafficLog();

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  error(message: string): void {
    this.channel.error(message);
  }

  traffic(direction: "in" | "out", agent: string, render: (maxChars: number) => string): void {
    this.trafficLog.add(agent, direction, render(TRAFFIC_LINE_LIMIT), Date.now());
  }

  agentStderr(agent: string, line: string): void {
    this.channel.info(`[${agent} stderr] ${line}`);
  }

  async showTraffic(): Promise<void> {
    const document = await vscode.workspace.openTextDocument({
      language: "log",
      content: this.trafficLog.render() || "(no traffic yet)",
    });
    await vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.channel.dispose();
  }
}
