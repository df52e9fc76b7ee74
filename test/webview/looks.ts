/**
 * What the tests that look at the panel share, the axe checks and the screenshots for a person:
 * the themes, the page settled with its fonts, the picture fitted to the transcript, and where the
 * pictures go (test-results/).
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator } from "playwright-core";
import { settle } from "./harness";
import type { Panel } from "./panel";
import type { Theme } from "./themeStylesheets";

/** Every theme the harness serves: the axe checks run in each. */
export const ALL_THEMES = ["dark", "light", "high-contrast"] as const satisfies readonly Theme[];
/** The themes a person looks at in the screenshots. */
export const PICTURE_THEMES = ["dark", "light"] as const satisfies readonly Theme[];

const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../test-results");

/** test-results/<name>, the folder made if need be. */
export function picturePath(name: string): string {
  mkdirSync(resultsDir, { recursive: true });
  return join(resultsDir, name);
}

/** Waits for the fonts (codicons included) and two frames: the page as a person would see it. */
export async function settleWithFonts(panel: Panel): Promise<void> {
  await panel.page.evaluate(() => document.fonts.ready);
  await settle(panel.page);
}

/**
 * Shrinks the viewport (`width` by `height` now) by the transcript `log`'s empty stretch below its
 * content, so a picture of the page has none.
 */
export async function fitViewportToLog(panel: Panel, log: Locator, width: number, height: number): Promise<void> {
  const spare = await log.evaluate((element) => {
    const style = getComputedStyle(element);
    const used =
      (element.firstElementChild?.getBoundingClientRect().height ?? 0) +
      parseFloat(style.paddingTop) +
      parseFloat(style.paddingBottom);
    return Math.floor(element.clientHeight - used);
  });
  if (spare > 0) await panel.page.setViewportSize({ width, height: height - spare });
  await settle(panel.page);
}
