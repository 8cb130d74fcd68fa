import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useKeepLineInView } from './keep-line-in-view';

/** An IntersectionObserver the test answers: the last one made and what it watches. */
class AnsweredObserver {
  static last: AnsweredObserver | undefined;
  watched: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    AnsweredObserver.last = this;
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  answer(ratio: number) {
    this.callback([{ intersectionRatio: ratio, target: this.watched[0]! } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function Tree({ line }: { line: number }) {
  const ref = useRef<HTMLUListElement>(null);
  useKeepLineInView(ref, line, () => false);
  return (
    <ul ref={ref}>
      {[0, 1, 2].map((index) => (
        <li key={index} data-line={index}>
          Turn {index + 1}
        </li>
      ))}
    </ul>
  );
}

describe('useKeepLineInView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolls to the current line only when it is cut off, without a layout read of its own', () => {
    vi.stubGlobal('IntersectionObserver', AnsweredObserver);
    const scrolled: string[] = [];
    const spy = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.getAttribute('data-line') ?? '');
    });
    const { rerender } = render(<Tree line={1} />);
    expect(AnsweredObserver.last?.watched.map((element) => element.getAttribute('data-line'))).toEqual(['1']);
    AnsweredObserver.last!.answer(1);
    expect(scrolled).toEqual([]);
    expect(AnsweredObserver.last!.disconnected).toBe(true);
    rerender(<Tree line={2} />);
    AnsweredObserver.last!.answer(0.4);
    expect(scrolled).toEqual(['2']);
    spy.mockRestore();
  });
});
