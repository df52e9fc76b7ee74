/**
 * Which saved permission rule, if any, answers a `session/request_permission` without asking.
 * Node only, so it is tested without VS Code; `src/vscode/permissionRules.ts` stores the rules.
 *
 * "Inside the workspace" resolves symlinks first, in the locations and in the roots (a repo link
 * `docs -> ~/.ssh` is outside), the way file reads and writes do (`resolveAgentPath`). A location
 * that is not an absolute path, or that cannot be resolved, is outside. Rules match the agent by
 * its stable id (`agentIdentity.ts`), never by display name.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentRef } from "./agentIdentity";
import { resolveAgentPath } from "../platform/workspacePaths";
import { consentRoots, homeSecretReason } from "../platform/consentRoots";

export type RuleDecision = "allow_once" | "reject_once";

export interface PermissionRule {
  /** The agent's display name when the rule was made: shown to the user, never matched. */
  readonly agent: string;
  /** The agent's stable id. A rule saved before ids existed has none and matches nothing until migrated. */
  readonly agentId?: string;
  readonly toolKind: string;
  readonly decision: RuleDecision;
  /** Only when every location of the tool call is inside the workspace. */
  readonly insideWorkspaceOnly: boolean;
  /**
   * For an inside-only rule: the workspace folders open when it was saved (`folderUri`). It
   * answers only for locations inside one of them that is open now. Without folders (a rule saved
   * before they were stored) an inside-only rule answers nothing.
   */
  readonly folders?: readonly string[];
}

/** The `file:` URI a rule stores for a workspace folder (the same function when saving and matching). */
export function folderUri(path: string): string {
  return pathToFileURL(resolve(path)).href;
}

export async function matchingRule(
  rules: readonly PermissionRule[],
  agent: AgentRef,
  request: acp.RequestPermissionRequest,
  roots: readonly string[],
): Promise<PermissionRule | undefined> {
  const kind = typeof request.toolCall.kind === "string" ? request.toolCall.kind : "other";
  const candidates = rules.filter((rule) => agent.id !== "" && rule.agentId === agent.id && rule.toolKind === kind);
  if (candidates.length === 0) return undefined;
  for (const rule of candidates) {
    if (!rule.insideWorkspaceOnly) return rule;
    const saved = new Set(rule.folders ?? []);
    const own = roots.filter((root) => saved.has(folderUri(root)));
    if (await locationsInside(request.toolCall.locations, own)) return rule;
  }
  return undefined;
}

/**
 * True when there is at least one location and every one resolves inside a resolved root that
 * counts for consent (not the home folder, a parent or a filesystem root), and none is one of the
 * user's secrets under ~ (consentRoots.ts).
 */
export async function locationsInside(
  locations: unknown,
  openRoots: readonly string[],
  home?: string,
): Promise<boolean> {
  const roots = consentRoots(openRoots, home);
  if (!Array.isArray(locations) || locations.length === 0 || roots.length === 0) return false;
  const checks = locations.map(async (location: unknown) => {
    const path = (location as { path?: unknown } | null)?.path;
    if (typeof path !== "string") return false;
    try {
      const resolved = await resolveAgentPath(path, roots);
      return resolved.insideRoots && homeSecretReason([path, resolved.real], home) === undefined;
    } catch {
      return false; // relative, NUL, a device or FIFO: never "inside"
    }
  });
  return (await Promise.all(checks)).every(Boolean);
}

/** Rules made before agent ids existed, bound to the agent that bears their name now (`idOf`), once. */
export function migrateNameKeyedRules(
  rules: readonly PermissionRule[],
  idOf: (name: string) => string | undefined,
): { rules: PermissionRule[]; changed: boolean } {
  let changed = false;
  const migrated = rules.map((rule) => {
    if (rule.agentId !== undefined) return rule;
    const agentId = idOf(rule.agent);
    if (agentId === undefined) return rule;
    changed = true;
    return { ...rule, agentId };
  });
  return { rules: migrated, changed };
}

export function describeRule(rule: PermissionRule): string {
  return `${rule.agent}: ${rule.decision === "allow_once" ? "allow" : "reject"} "${rule.toolKind}" tool calls${rule.insideWorkspaceOnly ? ` inside ${whereSaved(rule.folders)}` : ""}`;
}

function whereSaved(folders: readonly string[] | undefined): string {
  if (!folders || folders.length === 0) return "the workspace (saved with no folder: it never applies, add it again)";
  return folders.map((uri) => decodeURIComponent(uri.replace(/\/+$/, "").split("/").pop() ?? uri)).join(", ");
}
