/**
 * What a past user message is doing beyond showing itself: a "Restore checkpoint" card open under
 * it (with the host's `checkpoint/preview` answer once it arrives), or its text being edited for
 * "Edit and rerun". UI state kept outside the components because the transcript is virtualised:
 * a message scrolled out of view unmounts and must come back as it was. At most one card and one
 * edit at a time; opening another replaces it. The host's answer for a card no longer open is dropped.
 */
import type { HostMessage } from "../../src/shared/wire/protocol";
import { HostValueStore } from "../host/hostValueStore";

export type CheckpointPreview = Omit<Extract<HostMessage, { type: "checkpoint/preview" }>, "type" | "entryId">;

export interface RestoreCardState {
  readonly entryId: string;
  /** Undefined while the host works out what would change. */
  readonly preview?: CheckpointPreview;
  readonly conversation: boolean;
}

export interface MessageEditState {
  readonly entryId: string;
  readonly text: string;
  /** Which opening of an editor this is: the editor takes focus once per opening, not per mount. */
  readonly opening: number;
}

export class CheckpointUi {
  readonly card = new HostValueStore<RestoreCardState | undefined>(undefined);
  readonly edit = new HostValueStore<MessageEditState | undefined>(undefined);
  private openings = 0;

  openCard(entryId: string): void {
    this.card.set({ entryId, conversation: false });
  }

  receivePreview(message: Extract<HostMessage, { type: "checkpoint/preview" }>): void {
    const current = this.card.get();
    if (current?.entryId !== message.entryId) return;
    const { type: _type, entryId: _entryId, ...preview } = message;
    this.card.set({ ...current, preview });
  }

  chooseConversation(entryId: string, conversation: boolean): void {
    const current = this.card.get();
    if (current?.entryId === entryId && current.conversation !== conversation)
      this.card.set({ ...current, conversation });
  }

  closeCard(entryId: string): void {
    if (this.card.get()?.entryId === entryId) this.card.set(undefined);
  }

  startEdit(entryId: string, text: string): void {
    this.edit.set({ entryId, text, opening: ++this.openings });
  }

  updateEdit(entryId: string, text: string): void {
    const current = this.edit.get();
    if (current?.entryId === entryId) this.edit.set({ ...current, text });
  }

  endEdit(entryId: string): void {
    if (this.edit.get()?.entryId === entryId) this.edit.set(undefined);
  }

  /** Another tab's transcript: its entries are not the ones the card or the edit were for. */
  reset(): void {
    this.card.set(undefined);
    this.edit.set(undefined);
  }
}
