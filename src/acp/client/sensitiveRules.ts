/**
 * Saved permission rules never allow a change to a sensitive file inside the workspace (.git/,
 * .vscode/, .env*, package-manager config: sensitivePaths.ts) on the user's behalf. Agents that
 * write files themselves only ask through `session/request_permission`, so an "allow edits in the
 * workspace" rule would otherwise approve `.git/hooks/pre-commit`: such a request is shown to the
 * user instead. Reject rules still apply; read-only tool kinds are not affected. Locations are
 * checked as sent and with symlinks resolved (synchronously: a handful of paths per request).
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import type { PermissionRules } from "./permissionBroker";
import { sensitiveReason } from "./sensitivePaths";
import { isInside } from "./workspacePaths";

/** Tool kinds that do not change files. */
const READ_ONLY: ReadonlySet<string> = new Set(["read", "search", "think", "fetch"]);

export function guardSensitiveEdits(
  rules: PermissionRules,
  roots: (sessionId: string) => readonly string[],
): PermissionRules {
  return {
    async decide(agent, request) {
      const decided = await rules.decide(agent, request);
      if (!decided?.decision.startsWith("allow") || READ_ONLY.has(request.toolCall.kind ?? "other")) return decided;
      return touchesSensitiveFile(request, roots(request.sessionId)) ? undefined : decided;
    },
  };
}

export function touchesSensitiveFile(request: acp.RequestPermissionRequest, roots: readonly string[]): boolean {
  const bases = roots.flatMap((root) => [resolve(root), realPathOf(resolve(root))]);
  return (request.toolCall.locations ?? []).some((location) => {
    if (typeof location.path !== "string" || location.path.length === 0) return false;
    const lexical = resolve(location.path);
    return [lexical, realPathOf(lexical)].some((path) =>
      bases.some(
        (base) => isInside(path, base) && sensitiveReason(relative(base, path).split(sep).join("/")) !== undefined,
      ),
    );
  });
}

/** realpath of the longest existing prefix, with the missing tail appended. */
function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), basename(path));
  }
}
