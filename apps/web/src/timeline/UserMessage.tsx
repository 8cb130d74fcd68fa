export function UserMessage({ text }: { text: string }) {
  return (
    <article className="tl-user" aria-label="Your message">
      <div className="tl-user__text">{text}</div>
    </article>
  );
}
