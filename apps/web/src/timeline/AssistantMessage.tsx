import { AssistantMarkdown } from './markdown/AssistantMarkdown';

export interface AssistantMessageProps {
  text: string;
}

/**
 * The model's text, shown as it streams, as Markdown rendered to React elements
 * (never HTML from the text; see markdown/AssistantMarkdown.tsx).
 */
export function AssistantMessage({ text }: AssistantMessageProps) {
  return (
    <article className="tl-assistant" aria-label="Assistant message">
      <div className="tl-assistant__text">
        <AssistantMarkdown text={text} />
      </div>
    </article>
  );
}
