/** What the user sent with a prompt besides text: file links, embedded files, images. */
import { memo } from "react";
import type { ContentBlock } from "../../src/shared/sessionUpdate";
import { Codicon } from "./Codicon";
import { imageDataUrl } from "./ToolContentView";
import { t } from "../l10n";

export const UserAttachments = memo(function UserAttachments({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <ul className="user-attachments" aria-label={t("Attachments")}>
      {blocks.map((block, index) => {
        const image = imageDataUrl(block);
        const name = blockName(block);
        return (
          <li key={index} className="chip" title={name}>
            {image ? (
              <img className="chip-thumb" src={image} alt="" />
            ) : (
              <Codicon name={block.type === "image" ? "file-media" : "file"} />
            )}
            <span className="chip-name">{name}</span>
          </li>
        );
      })}
    </ul>
  );
});

function blockName(block: ContentBlock): string {
  if (typeof block.name === "string") return block.name;
  const uri =
    typeof block.uri === "string"
      ? block.uri
      : typeof (block.resource as { uri?: unknown } | undefined)?.uri === "string"
        ? (block.resource as { uri: string }).uri
        : undefined;
  if (uri) return safeDecode(uri.split("/").pop() || uri);
  return block.type === "image" ? t("Image") : block.type;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
