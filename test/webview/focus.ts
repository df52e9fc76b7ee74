/** Where the keyboard is: the tests' questions about the page's focused element. */
import type { Locator, Page } from "playwright-core";

/** Whether the element `locator` finds is the page's focused element. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The accessible label (`aria-label`) of the focused element, if it has one. */
export function focusedLabel(page: Page): Promise<string | null | undefined> {
  return page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
}
