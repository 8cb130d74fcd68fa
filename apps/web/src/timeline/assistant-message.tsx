import { lazy } from 'react';
import { LoadFailureBoundary } from '../ui/load-failure-boundary';
import { VisibleText } from '../cards/text/visible-text';

// react-markdown and its parser (micromark, mdast, hast) load on demand, out of the entry chunk.
const AssistantMarkdown = lazy(() => import('./markdown/assistant-markdown').then((module) => ({ default: module.AssistantMarkdown })));

export interface AssistantMessageProps {
  text: string;
}

/**
 * The model's text, shown as it streams, as Markdown rendered to React elements
 * (never HTML from the text; see markdown/assistant-markdown.tsx). Until the Markdown code has
 * loaded, the text itself is shown (the container is pre-wrap), like code before its colours.
 */
export function AssistantMessage({ text }: AssistantMessageProps) {
  const plain = (
    <div className="tl-assistant__plain">
      <VisibleText text={text} multiline />
    </div>
  );
  return (
    <article className="tl-assistant" aria-label="Assistant message">
      <div className="tl-assistant__text">
        {/* Markdown code that cannot load leaves the text as it is, plain. */}
        <LoadFailureBoundary fallback={plain} loading={plain}>
          <AssistantMarkdown text={text} />
        </LoadFailureBoundary>
      </div>
    </article>
  );
}
