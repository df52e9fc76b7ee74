/**
 * The Logger port on VS Code log output channels: "ACP Panel" for the extension and the agents'
 * stderr, "ACP Panel: Traffic" for every raw protocol line in both directions.
 */
import * as vscode from "vscode";
import type { Logger } from "../acp/ports";

export class OutputLogger implements Logger, vscode.Disposable {
  readonly channel = vscode.window.createOutputChannel("ACP Panel", { log: true });
  readonly trafficChannel = vscode.window.createOutputChannel("ACP Panel: Traffic", { log: true });

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  error(message: string): void {
    this.channel.error(message);
  }

  traffic(direction: "in" | "out", agent: string, render: () => string): void {
    if (this.trafficChannel.logLevel === vscode.LogLevel.Off) return;
    this.trafficChannel.info(`${direction === "in" ? "←" : "→"} ${agent} ${render()}`);
  }

  agentStderr(agent: string, line: string): void {
    this.channel.info(`[${agent} stderr] ${line}`);
  }

  dispose(): void {
    this.channel.dispose();
    this.trafficChannel.dispose();
  }
}
