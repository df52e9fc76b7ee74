/**
 * Whether the panel may open, in the editor, a path the agent named (a tool call location, Follow
 * Agent, a plan's "Open" button): inside the workspace it opens; outside it (symlinks resolved, the
 * roots that count for consent: consentRoots.ts) the user is asked first; never a UNC or device
 * path (`\\server\share`, `//server/share`, `\\?\`: opening one reaches out to another host), a
 * relative path, a device, FIFO or socket (opening one can hang the editor).
 */
import { homedir } from "node:os";
import { resolveAgentPath } from "../../platform/workspacePaths";
import { consentRoots, homeSecretReason } from "../../platform/consentRoots";

export type OpenVerdict =
  | { readonly kind: "open"; readonly path: string }
  | { readonly kind: "ask"; readonly path: string }
  | { readonly kind: "refuse"; readonly reason: string };

export async function openVerdict(path: unknown, roots: readonly string[], home = homedir()): Promise<OpenVerdict> {
  if (typeof path !== "string" || path.length === 0) return { kind: "refuse", reason: "not a path" };
  // Two leading separators of either kind: a UNC or device path on Windows, a network path elsewhere.
  if (/^[\\/]{2}/.test(path) || /^[\\/][\\/]?[?.][\\/]/.test(path))
    return { kind: "refuse", reason: "a network (UNC) or device path" };
  try {
    const resolved = await resolveAgentPath(path, consentRoots(roots, home));
    const inside = resolved.insideRoots && homeSecretReason([path, resolved.real], home) === undefined;
    return { kind: inside ? "open" : "ask", path };
  } catch (error) {
    return { kind: "refuse", reason: error instanceof Error ? error.message : String(error) };
  }
}
