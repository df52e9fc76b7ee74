/**
 * An error boundary around one transcript row. A render failure is local: whatever throws while
 * one entry renders (hostile text that slipped past the Markdown limits, a bug in a card), that
 * entry shows as plain text with a note, and the rest of the panel lives. When the row's content
 * changes (a streamed chunk), it tries to render normally again.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { t } from "../l10n";

interface RowBoundaryProps {
  /** The row's content; a different value resets the boundary. */
  readonly content: unknown;
  /** The row as plain text, computed only when the fallback is shown. */
  readonly plainText: () => string;
  readonly label: string;
  readonly children: ReactNode;
}

interface RowBoundaryState {
  readonly failed: boolean;
  readonly content: unknown;
}

export class RowBoundary extends Component<RowBoundaryProps, RowBoundaryState> {
  override state: RowBoundaryState = { failed: false, content: this.props.content };

  static getDerivedStateFromError(): Partial<RowBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: RowBoundaryProps, state: RowBoundaryState): Partial<RowBoundaryState> | null {
    return props.content === state.content ? null : { failed: false, content: props.content };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(
      "ACP Panel: a transcript entry could not be displayed; it is shown as plain text",
      error,
      info.componentStack,
    );
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <article className="entry entry-fallback" aria-label={this.props.label}>
        <p className="markdown-note" role="note">
          {t("This entry could not be displayed, so it is shown as plain text.")}
        </p>
        <div className="entry-fallback-text">{this.props.plainText()}</div>
      </article>
    );
  }
}
