import { useEffect, useState } from 'react';
import type { FileCard } from '@toolcards/protocol';
import { fileCardText } from '../cards/read/coverage-text';
import { formatCount } from '../cards/frame/count-text';

type CardsState = { state: 'loading' } | { state: 'ready'; cards: FileCard[] } | { state: 'failed'; message: string };

interface FileCardsListProps {
  id: string;
  path: string;
  /** Asked again when it changes: a new card touched the file. */
  cardCount: number;
  loadCards(path: string): Promise<FileCard[]>;
  onOpenCard(card: FileCard): void;
}

/** The cards that touched one file, in log order; choosing one shows it in the timeline. */
export function FileCardsList({ id, path, cardCount, loadCards, onOpenCard }: FileCardsListProps) {
  const [cards, setCards] = useState<CardsState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadCards(path).then(
      (loaded) => live && setCards({ state: 'ready', cards: loaded }),
      (error: unknown) => live && setCards({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [loadCards, path, cardCount]);

  switch (cards.state) {
    case 'loading':
      return (
        <p id={id} className="files-panel__cards-status" role="status">
          Loading its cards…
        </p>
      );
    case 'failed':
      return (
        <p id={id} className="files-panel__cards-status files-panel__cards-status--error" role="alert">
          Could not list its cards: {cards.message}
        </p>
      );
    case 'ready':
      return (
        <ol id={id} className="files-panel__cards" aria-label={`Cards of ${path}`}>
          {cards.cards.map((card) => (
            <li key={card.resultSeq}>
              <button type="button" className="files-panel__card" onClick={() => onOpenCard(card)}>
                <span className="files-panel__card-what">{fileCardText(card)}</span>
                <span className="files-panel__card-seq">#{formatCount(card.callSeq ?? card.resultSeq)}</span>
              </button>
            </li>
          ))}
        </ol>
      );
  }
}
