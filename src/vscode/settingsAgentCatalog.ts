/**
 * AgentCatalog over VS Code settings. Agent commands run code, so only user (and machine)
 * settings count: workspace and folder values are ignored even if VS Code would merge them.
 */
import * as vscode from "vscode";
import { parseAgentSettings, type ParsedAgents } from "../acp/agentSettings";
import type { AgentCatalog, AgentLaunch, Logger } from "../acp/ports";

export class SettingsAgentCatalog implements AgentCatalog {
  constructor(private readonly logger: Logger) {}

  names(): string[] {
    return [...this.read().launches.keys()];
  }

  defaultAgent(): string | undefined {
    const configured = userValue<string>("defaultAgent");
    const names = this.names();
    return configured && names.includes(configured) ? configured : names[0];
  }

  launch(name: string): AgentLaunch | undefined {
    return this.read().launches.get(name);
  }

  /** Problems in the setting, one line each; also logged. */
  problems(): readonly string[] {
    return this.read().problems;
  }

  private read(): ParsedAgents {
    const parsed = parseAgentSettings(userValue<unknown>("agents"));
    for (const problem of parsed.problems) this.logger.warn(problem);
    return parsed;
  }
}

function userValue<T>(key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration("acpPanel").inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}
