/**
 * Attachments from outside the composer: pasted or dropped images (read as base64) and files
 * dragged from VS Code's explorer (a `text/uri-list`).
 */
import type { Attachment } from "../../src/shared/wire/protocol";
import { t } from "../l10n";

/** Larger images are refused: they would bloat the UI state and the agent's context. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

let pasted = 0;

export interface ImageRead {
  readonly attachments: Attachment[];
  readonly refused: string[];
}

export async function readImages(files: readonly File[]): Promise<ImageRead> {
  const attachments: Attachment[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (!file.type.startsWith("image/")) continue;
    if (file.size > MAX_IMAGE_BYTES) {
      refused.push(file.name ? t("{0} is larger than 5 MB.", file.name) : t("The image is larger than 5 MB."));
      continue;
    }
    const dataUrl = await readAsDataUrl(file);
    const comma = dataUrl.indexOf(",");
    if (comma < 0) continue;
    pasted += 1;
    const name = file.name || `pasted-image-${pasted}.${file.type.slice("image/".length) || "png"}`;
    // Not a real file: `untitled:` marks it as content without a path.
    attachments.push({
      uri: `untitled:${pasted}/${name}`,
      name,
      mimeType: file.type,
      imageData: dataUrl.slice(comma + 1),
    });
  }
  return { attachments, refused };
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("could not read the image"));
    reader.readAsDataURL(file);
  });
}

/** `text/uri-list` → file attachments (comments and non-file URIs are skipped). */
export function uriListAttachments(list: string): Attachment[] {
  return list
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && /^(file|vscode-[a-z-]+):/i.test(line))
    .map((uri) => ({ uri, name: safeDecode(uri.split("/").pop() || uri) }));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
