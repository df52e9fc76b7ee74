/**
 * The files a tool call touches, as "path:line" links that open the place in the editor; paths in
 * the workspace are shown relative to it, the full path in the tooltip.
 */
import { memo } from "react";
import type { ToolLocation } from "../../../src/shared/thread/sessionUpdate";
import { workspaceRelative } from "../../ui/displayPaths";
import { useHostActions, useWorkspaceRoots } from "../../host/hooks";
import { Codicon } from "../../ui/Codicon";
import { t } from "../../l10n";

export const LocationLinks = memo(function LocationLinks({ locations }: { locations: readonly ToolLocation[] }) {
  const { openLocation } = useHostActions();
  const roots = useWorkspaceRoots();
  if (locations.length === 0) return null;
  return (
    <ul className="tool-locations" aria-label={t("Locations")}>
      {locations.map((location, index) => {
        const line = location.line == null ? "" : `:${location.line}`;
        const label = `${workspaceRelative(location.path, roots)}${line}`;
        return (
          <li key={index}>
            <Codicon name="go-to-file" />
            {/* A button in the role of a link: an <a href> would also be seen by VS Code's webview frame. */}
            <button
              type="button"
              role="link"
              className="link-button"
              title={`${location.path}${line}`}
              onClick={() => openLocation(location.path, location.line)}
            >
              {label}
            </button>
          </li>
        );
      })}
    </ul>
  );
});
