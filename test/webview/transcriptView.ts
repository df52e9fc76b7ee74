/** Where the transcript (the `log`) is scrolled, and what of it the reader sees. */
import type { Locator } from "playwright-core";

/** Whether the element with exactly `text` in the transcript `log` is at least partly in its visible box. */
export function shownInLog(log: Locator, text: string): Promise<boolean> {
  return log.getByText(text, { exact: true }).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.closest("[role=log]")?.getBoundingClientRect();
    return view !== undefined && box.bottom > view.top && box.top < view.bottom;
  });
}

/** Whether the element `locator` finds lies wholly within the transcript's visible box. */
export function wholeInLog(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.closest("[role=log]")?.getBoundingClientRect();
    return view !== undefined && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
  });
}

/** Whether the transcript `log` is scrolled to its end (within a pixel). */
export function atBottom(log: Locator): Promise<boolean> {
  return log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight <= 1);
}
