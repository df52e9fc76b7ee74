/**
 * The logger of the host-level bench clients: the real traffic log (a bounded ring of rendered
 * lines, as the extension host keeps it), nothing else kept; errors go to stderr.
 */
import { TRAFFIC_LINE_LIMIT, TrafficLog } from "../../src/acp/client/connection/trafficLog";
import type { Logger } from "../../src/acp/ports";

export class TrafficLogger implements Logger {
  readonly traffic_ = new TrafficLog();
  info(): void {}
  warn(): void {}
  error(message: string): void {
    process.stderr.write(`${message}\n`);
  }
  traffic(direction: "in" | "out", agent: string, render: (maxChars: number) => string): void {
    this.traffic_.add(agent, direction, render(TRAFFIC_LINE_LIMIT), Date.now());
  }
  agentStderr(): void {}
}
