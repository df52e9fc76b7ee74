/**
 * The `acpPanel.agents` setting: display name → how to launch the agent. Validated here so a
 * bad entry is reported with the field at fault instead of failing at spawn time.
 */
import { z } from "zod";
import type { AgentLaunch } from "./ports";

export const agentEntrySchema = z.object({
  command: z.string().min(1, "must be a non-empty string"),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
});

export interface ParsedAgents {
  readonly launches: ReadonlyMap<string, AgentLaunch>;
  /** One line per invalid entry, naming the entry and the field. */
  readonly problems: readonly string[];
}

export function parseAgentSettings(value: unknown): ParsedAgents {
  const launches = new Map<string, AgentLaunch>();
  const problems: string[] = [];
  if (value === undefined || value === null) return { launches, problems };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { launches, problems: ['"acpPanel.agents" must be an object mapping agent names to { "command": … } entries.'] };
  }
  for (const [name, entry] of Object.entries(value)) {
    const parsed = agentEntrySchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join(".") : "(entry)";
        problems.push(`acpPanel.agents["${name}"].${field}: ${issue.message}`);
      }
      continue;
    }
    launches.set(name, { name, command: parsed.data.command, args: parsed.data.args ?? [], env: parsed.data.env ?? {} });
  }
  return { launches, problems };
}
