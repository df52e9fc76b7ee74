/** How tool kinds and statuses look: codicon names and the words shown next to them. */
import type { ToolStatus } from "../../src/shared/thread/thread";
import type { ToolKind } from "../../src/shared/thread/sessionUpdate";
import { t } from "../l10n";

export const toolKindIcons: Record<ToolKind, string> = {
  read: "file",
  edit: "edit",
  delete: "trash",
  move: "arrow-right",
  search: "search",
  execute: "terminal",
  think: "lightbulb",
  fetch: "globe",
  switch_mode: "arrow-swap",
  other: "tools",
};

export const toolStatusLabels: Record<ToolStatus, string> = {
  pending: t("Pending"),
  in_progress: t("Running"),
  completed: t("Done"),
  failed: t("Failed"),
  awaiting_permission: t("Waiting for you"),
  cancelled: t("Cancelled"),
};

export const toolStatusIcons: Record<ToolStatus, { readonly name: string; readonly spin?: boolean }> = {
  pending: { name: "circle-outline" },
  in_progress: { name: "loading", spin: true },
  completed: { name: "check" },
  failed: { name: "error" },
  awaiting_permission: { name: "bell-dot" },
  cancelled: { name: "circle-slash" },
};

/** Icons and button styles for permission options, by ACP PermissionOptionKind. */
export function permissionOptionLook(kind: string): { readonly icon?: string; readonly primary: boolean } {
  switch (kind) {
    case "allow_once":
      return { icon: "check", primary: true };
    case "allow_always":
      return { icon: "check-all", primary: true };
    case "reject_once":
      return { icon: "close", primary: false };
    case "reject_always":
      return { icon: "circle-slash", primary: false };
    default:
      return { primary: kind.startsWith("allow") };
  }
}
