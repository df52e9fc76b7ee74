/**
 * The theme stylesheets of the test page: the variables VS Code injects into a webview for each
 * theme, from the one table in page/themes.json (a variable per row, a value per theme).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const THEMES = ["dark", "light", "high-contrast"] as const;
export type Theme = (typeof THEMES)[number];

interface ThemeTable {
  readonly themes: readonly Theme[];
  /** One value for every theme, or one per theme in `themes` order (null: that theme lacks it). */
  readonly variables: Record<string, string | readonly (string | null)[]>;
}

const tableFile = join(dirname(fileURLToPath(import.meta.url)), "page", "themes.json");

export function isTheme(value: string | null): value is Theme {
  return (THEMES as readonly (string | null)[]).includes(value);
}

/** `:root { --vscode-…: …; }` for `theme`, as the page links it (/page/theme-<theme>.css). */
export function themeStylesheet(theme: Theme): string {
  const table = JSON.parse(readFileSync(tableFile, "utf8")) as ThemeTable;
  const column = table.themes.indexOf(theme);
  const declarations = Object.entries(table.variables).flatMap(([name, value]) => {
    const own = typeof value === "string" ? value : value[column];
    return own === null || own === undefined ? [] : [`  ${name}: ${own};`];
  });
  return `:root {\n${declarations.join("\n")}\n}\n`;
}
