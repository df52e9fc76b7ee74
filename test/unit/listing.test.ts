/**
 * What the marketplace shows: a PNG icon of 128×128 (it refuses SVG), links to one GitHub project,
 * a gallery banner, and a walkthrough whose steps all have media that ships and a way to complete.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/fakeAgentLaunch";
import { readLocalizedManifest } from "../support/localizedManifest";
import { vsixFiles } from "../support/vsixFiles";

const manifest = readLocalizedManifest(repoRoot);

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(0, 8).toString("hex"), "89504e470d0a1a0a", `${file} is not a PNG`);
  assert.equal(bytes.subarray(12, 16).toString("latin1"), "IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the listing icon is a 128×128 PNG (the marketplace refuses SVG icons)", () => {
  assert.equal(typeof manifest.icon, "string", "package.json has no `icon`");
  assert.match(manifest.icon, /\.png$/);
  assert.deepEqual(pngSize(join(repoRoot, manifest.icon)), { width: 128, height: 128 });
});

test("repository, bugs and homepage point at one GitHub project, and the gallery banner is set", () => {
  const repository: unknown = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
  assert.equal(typeof repository, "string", "package.json has no `repository`");
  const project = /^(?:git\+)?(https:\/\/github\.com\/[\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(String(repository))?.[1];
  assert.ok(project, `repository is not a GitHub URL: ${String(repository)}`);
  assert.equal(manifest.bugs?.url, `${project}/issues`);
  assert.equal(manifest.homepage, `${project}#readme`);
  assert.match(manifest.galleryBanner?.color ?? "", /^#[0-9a-fA-F]{6}$/);
  assert.ok(["dark", "light"].includes(manifest.galleryBanner?.theme), "galleryBanner.theme is dark or light");
});

interface WalkthroughStep {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly media: {
    readonly markdown?: string;
    readonly image?: string | Record<string, string>;
    readonly altText?: string;
  };
  readonly completionEvents?: readonly string[];
}

test("the walkthrough covers pick an agent, sign in, first prompt, permission and review, each step with media and a completion event", () => {
  const walkthroughs: Array<{ id: string; steps: WalkthroughStep[] }> = manifest.contributes.walkthroughs ?? [];
  assert.equal(walkthroughs.length, 1, "one walkthrough is contributed");
  const steps = walkthroughs[0]!.steps;
  const titles = steps.map((step) => step.title.toLowerCase());
  for (const [index, word] of ["agent", "sign in", "prompt", "permission", "review"].entries()) {
    assert.ok(titles[index]?.includes(word), `step ${index + 1} should be about "${word}": ${titles.join(" | ")}`);
  }
  const commands = new Set<string>(manifest.contributes.commands.map((c: { command: string }) => c.command));
  const contextKeys = new Set(
    [...readFileSync(join(repoRoot, "src/vscode/contextKeys.ts"), "utf8").matchAll(/set\("(acpPanel\.\w+)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const step of steps) {
    const media = step.media.markdown ?? (typeof step.media.image === "string" ? step.media.image : undefined);
    assert.ok(media, `${step.id} has no markdown or image media`);
    assert.ok(existsSync(join(repoRoot, media)), `${step.id}: ${media} is missing`);
    assert.ok(media.startsWith("media/"), `${step.id}: media outside media/ does not ship`);
    assert.ok((step.completionEvents ?? []).length > 0, `${step.id} has no completion event`);
    for (const event of step.completionEvents ?? []) {
      const command = /^onCommand:(.+)$/.exec(event)?.[1];
      const context = /^onContext:(.+)$/.exec(event)?.[1];
      if (command) assert.ok(commands.has(command), `${step.id}: ${event} names no contributed command`);
      else if (context)
        for (const key of context.match(/\bacpPanel\.\w+/g) ?? [])
          assert.ok(contextKeys.has(key), `${step.id}: ${key} is set by nothing`);
      else assert.fail(`${step.id}: ${event} is neither onCommand nor onContext`);
    }
    // Step descriptions' command links must name contributed commands too (a typo is a dead button).
    for (const link of step.description.matchAll(/command:([\w.]+)/g)) {
      const id = link[1]!;
      if (id.startsWith("acpPanel.")) assert.ok(commands.has(id), `${step.id}: link to ${id}`);
    }
  }
});

test("the .vsix carries the PNG icon and the walkthrough's media", { timeout: 60_000 }, () => {
  const files = vsixFiles();
  assert.ok(files.includes(manifest.icon), `${manifest.icon} is not in the .vsix`);
  const media: string[] = (manifest.contributes.walkthroughs ?? []).flatMap((w: { steps: WalkthroughStep[] }) =>
    w.steps.map((s) => s.media.markdown ?? ""),
  );
  assert.ok(media.length > 0);
  assert.deepEqual(
    media.filter((file) => !files.includes(file)),
    [],
  );
});

test("the README shows the light and dark screenshots, and they are committed PNGs (refreshed by UPDATE_SCREENSHOTS=1 on the showcase e2e)", () => {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  for (const theme of ["light", "dark"]) {
    const image = `docs/images/panel-${theme}.png`;
    assert.ok(readme.includes(`](${image})`), `README does not show ${image}`);
    const { width, height } = pngSize(join(repoRoot, image));
    assert.ok(width >= 800 && height >= 600, `${image} is ${width}×${height}`);
  }
});
