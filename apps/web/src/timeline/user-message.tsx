import { VisibleText } from '../cards/text/visible-text';

/** What the user sent, as typed: invisible and bidi characters show as the cards' escape chips. */
export function UserMessage({ text }: { text: string }) {
  return (
    <article className="tl-user" aria-label="Your message">
      <div className="tl-user__text">
        <VisibleText text={text} multiline />
      </div>
    </article>
  );
}
