/**
 * Runs the Markdown pipeline once on samples while the panel is idle, so the first reply does not
 * pay for cold code: marked's and DOMPurify's first calls, and highlight.js compiling a grammar
 * on its first use (tens of milliseconds for TypeScript), and the fonts of each text style, which
 * a page loads the first time it lays text out in them (warmFonts.ts). The samples' grammars are
 * fetched first (each is its own chunk, see highlight.ts); then one sample per idle slice,
 * rendered and laid out out of sight.
 */
import { loadGrammar } from "./highlight";
import { renderMarkdown } from "./renderMarkdown";
import { layOutOnce } from "./warmFonts";

const COMMON_GRAMMARS = ["typescript", "javascript", "python", "bash", "json", "diff"];

const SAMPLES = [
  "# Title\n\nSome **bold**, *italic*, ***both***, `code` and a [link](https://example.com).\n\n- one\n- two\n\n1. first\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |",
  "## Part\n\n### Step\n\n#### Note\n\n**`bold code`** and *`italic code`*",
  '```ts\nexport async function load(path: string): Promise<number> {\n  const text = await read(path);\n  return text.split("\\n").length;\n}\n```',
  "```js\nconst total = items.reduce((sum, item) => sum + item.size, 0);\n```",
  "```python\ndef load(path: str) -> int:\n    with open(path) as f:\n        return len(f.read())\n```",
  '```bash\nnpm test -- --grep "case" && echo done\n```',
  '```json\n{ "name": "demo", "version": 1, "ok": true }\n```',
  "```diff\n- old line\n+ new line\n```",
];

export async function warmUpMarkdown(): Promise<void> {
  // A grammar already settled (or unknown) has no promise to wait for.
  await Promise.all(COMMON_GRAMMARS.flatMap((name) => loadGrammar(name) ?? []));
  const queue = [...SAMPLES];
  const next = (deadline: IdleDeadline) => {
    while (queue.length > 0 && (deadline.didTimeout || deadline.timeRemaining() > 4)) {
      layOutOnce(renderMarkdown(queue.shift() ?? ""));
      if (deadline.didTimeout) break;
    }
    if (queue.length > 0) requestIdleCallback(next, { timeout: 1_000 });
  };
  requestIdleCallback(next, { timeout: 1_000 });
}
