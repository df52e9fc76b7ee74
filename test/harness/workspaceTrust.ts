/**
 * What a window must trust to open `workspace` trusted, and the query that opens it. VS Code
 * (1.139, `WorkspaceTrustManagementService.getWorkspaceUris`) trusts a window only when every one
 * of its folders is trusted AND, for a saved multi-root workspace, the `.code-workspace` file
 * itself: trusting the first folder alone (what the harness used to do) leaves a multi-root window
 * in Restricted Mode, where the panel asks for trust instead of starting its agent.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** A `.code-workspace` file (a multi-root window) rather than a folder. */
export function isWorkspaceFile(path: string): boolean {
  return path.endsWith(".code-workspace");
}

/** The paths to trust for `workspace`: a folder, or a `.code-workspace` file and each of its folders. */
export function trustRoots(workspace: string): string[] {
  if (!isWorkspaceFile(workspace)) return [workspace];
  const parsed = JSON.parse(readFileSync(workspace, "utf8")) as { folders?: readonly { path?: unknown }[] };
  const folders = (parsed.folders ?? [])
    .map((folder) => folder.path)
    .filter((path): path is string => typeof path === "string")
    // Relative folder paths are relative to the workspace file (VS Code's own rule).
    .map((path) => resolve(dirname(workspace), path));
  return [workspace, ...folders];
}

/** The workbench URL query that opens `workspace`: `?workspace=` for a workspace file, else `?folder=`. */
export function openQuery(workspace: string): Record<string, string> {
  return isWorkspaceFile(workspace) ? { workspace } : { folder: workspace };
}
