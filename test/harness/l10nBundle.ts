// Writes l10n/bundle.l10n.json (English: every key the sources translate, see test/support/l10nKeys.ts).
// Run after adding or changing a t(…) string: `node --import tsx test/harness/l10nBundle.ts`, then add the
// translation to l10n/bundle.l10n.zh-cn.json (the l10n unit test says which keys are missing).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";
import { englishBundle, scanL10n } from "../support/l10nKeys";

const scan = scanL10n(repoRoot);
if (scan.nonLiteral.length > 0) {
  console.error(`l10n: these calls do not pass a string literal:\n  ${scan.nonLiteral.join("\n  ")}`);
  process.exit(1);
}
const bundle = englishBundle(scan);
writeFileSync(join(repoRoot, "l10n/bundle.l10n.json"), `${JSON.stringify(bundle, null, 2)}\n`);
console.log(`l10n: ${Object.keys(bundle).length} strings in l10n/bundle.l10n.json`);
