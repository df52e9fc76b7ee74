/**
 * The `acpPanel.agents` setting merged over the built-in presets. Invalid entries are skipped
 * and reported, one line each, naming the entry and the field at fault.
 */
import { agentEntrySchema, toDefinition, type AgentDefinition } from "./agentDefinition";
import { agentPresets } from "./agentPresets";

export interface ParsedAgents {
  /** User entries first (in settings order), then the presets they do not override. */
  readonly definitions: ReadonlyMap<string, AgentDefinition>;
  readonly problems: readonly string[];
}

export function parseAgentSettings(value: unknown, presets: readonly AgentDefinition[] = agentPresets): ParsedAgents {
  const definitions = new Map<string, AgentDefinition>();
  const problems: string[] = [];
  if (value !== undefined && value !== null && (typeof value !== "object" || Array.isArray(value))) {
    problems.push('"acpPanel.agents" must be an object mapping agent names to { "command": … } entries.');
  } else if (value) {
    for (const [name, entry] of Object.entries(value)) {
      const parsed = agentEntrySchema.safeParse(entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.length > 0 ? issue.path.join(".") : "(entry)";
          problems.push(`acpPanel.agents["${name}"].${field}: ${issue.message}`);
        }
        continue;
      }
      definitions.set(name, toDefinition(name, parsed.data));
    }
  }
  for (const preset of presets) if (!definitions.has(preset.name)) definitions.set(preset.name, preset);
  return { definitions, problems };
}
