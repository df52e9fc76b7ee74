/** The files a tool call touches, as "path:line" links that open the place in the editor. */
import { memo } from "react";
import type { ToolLocation } from "../../src/shared/sessionUpdate";
import { useHostActions } from "../hooks";
import { Codicon } from "./Codicon";

export const LocationLinks = memo(function LocationLinks({ locations }: { locations: readonly ToolLocation[] }) {
  const { openLocation } = useHostActions();
  if (locations.length === 0) return null;
  return (
    <ul className="tool-locations" aria-label="Locations">
      {locations.map((location, index) => {
        const label = location.line == null ? location.path : `${location.path}:${location.line}`;
        return (
          <li key={index}>
            <Codicon name="go-to-file" />
            {/* A button in the role of a link: an <a href> would also be seen by VS Code's webview frame. */}
            <button type="button" role="link" className="link-button" title={label} onClick={() => openLocation(location.path, location.line)}>
              {label}
            </button>
          </li>
        );
      })}
    </ul>
  );
});
