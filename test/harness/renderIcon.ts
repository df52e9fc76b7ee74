/**
 * Draws the marketplace icon, media/icon.png (128×128; the marketplace refuses SVG icons), from the
 * activity-bar glyph media/icon.svg: the glyph in white on a rounded blue square, rendered by the
 * Chromium the webview tests use. The PNG is committed, so building and packaging need no browser;
 * run this only when the glyph changes: `node --import tsx test/harness/renderIcon.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "./browser";
import { repoRoot } from "./paths";

export const ICON_SIZE = 128;
export const ICON_BACKGROUND = "#1f5fbf";

const glyph = readFileSync(join(repoRoot, "media/icon.svg"), "utf8")
  .replace(/stroke="currentColor"/, 'stroke="#ffffff"')
  .replace(/width="24" height="24"/, 'width="88" height="88"');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${ICON_SIZE}px;height:${ICON_SIZE}px;border-radius:24px;background:${ICON_BACKGROUND};
display:flex;align-items:center;justify-content:center">${glyph}</div></body></html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ viewport: { width: ICON_SIZE, height: ICON_SIZE }, deviceScaleFactor: 1 });
    await page.setContent(html);
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: ICON_SIZE, height: ICON_SIZE },
    });
    writeFileSync(join(repoRoot, "media/icon.png"), png);
    console.log(`renderIcon: media/icon.png ${png.length} bytes`);
  } finally {
    await browser.close();
  }
}

void main();
