/** The host's answers on which plain paths in Markdown name workspace files (shell/panelServices.tsx). */
import { createContext, useContext } from "react";
import type { PathLinkStore } from "./pathLinkStore";

export const PathLinksContext = createContext<PathLinkStore | null>(null);

/** Which plain paths name workspace files; undefined outside a panel (nothing is linked then). */
export function usePathLinks(): PathLinkStore | undefined {
  return useContext(PathLinksContext) ?? undefined;
}
