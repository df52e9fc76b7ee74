/**
 * AgentCatalog over the `acpPanel.agents` and `acpPanel.defaultAgent` settings and the built-in
 * presets. Agent commands run code, so the settings port reads these from user (and machine) scope
 * only: workspace and folder values are ignored even where VS Code would merge them.
 */
import { parseAgentSettings, type ParsedAgents } from "./agentSettings";
import type { AgentDefinition } from "./agentDefinition";
import type { AgentCatalog, Logger, PanelSettings } from "../ports";
import { findOnPath } from "../platform/shellEnvironment";
import { agentPresets } from "./agentPresets";
import { withInstalledPresets } from "./installedPresets";

export class SettingsAgentCatalog implements AgentCatalog {
  private reported = new Set<string>();

  /**
   * `pathValue` is the PATH presets are looked up on (the login shell's, once known); `storage`
   * the extension's global storage, where presets installed by the panel live (installedPresets.ts).
   */
  constructor(
    private readonly settings: Pick<PanelSettings, "agents" | "defaultAgent">,
    private readonly logger: Logger,
    private readonly pathValue: () => string | undefined = () => process.env.PATH,
    private readonly storage?: string,
  ) {}

  names(): string[] {
    return [...this.read().definitions.values()].filter((d) => !d.preset || this.isInstalled(d)).map((d) => d.name);
  }

  defaultAgent(): string | undefined {
    const configured = this.settings.defaultAgent();
    const { definitions } = this.read();
    if (configured && definitions.has(configured)) return configured;
    // Else the first configured one, else a preset the panel installed (the user clicked Install).
    return ([...definitions.values()].find((d) => !d.preset) ?? [...definitions.values()].find((d) => d.managed))?.name;
  }

  definition(name: string): AgentDefinition | undefined {
    return this.read().definitions.get(name);
  }

  /** Every agent, installed or not (for the first-run view). */
  all(): AgentDefinition[] {
    return [...this.read().definitions.values()];
  }

  isInstalled(definition: AgentDefinition): boolean {
    return definition.transport !== "stdio" || findOnPath(definition.command, this.pathValue()) !== undefined;
  }

  /** Problems in the setting, one line each. */
  problems(): readonly string[] {
    return this.read().problems;
  }

  private read(): ParsedAgents {
    const parsed = parseAgentSettings(this.settings.agents(), withInstalledPresets(agentPresets, this.storage));
    for (const problem of parsed.problems) {
      if (this.reported.has(problem)) continue;
      this.reported.add(problem);
      this.logger.warn(problem);
    }
    return parsed;
  }
}
