import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PreviewToggle, useCardPreview, type CardPreviewOptions } from './card-preview';

function Body(options: CardPreviewOptions & { count: number }) {
  const preview = useCardPreview(options);
  return (
    <>
      <div data-testid="box" {...preview.boxProps}>
        rows
      </div>
      <PreviewToggle preview={preview} count={options.count} noun={['line', 'lines']} />
    </>
  );
}

describe('useCardPreview and PreviewToggle', () => {
  it('a body that fits shows whole, with no control', () => {
    render(<Body bodyHeight={400} previewHeight={448} count={20} />);
    expect(screen.getByTestId('box').dataset.preview).toBe('whole');
    expect(screen.getByTestId('box').style.maxHeight).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a taller body is clipped to the preview with "Show all N lines"; expanded, it shows whole and offers "Show less"', () => {
    render(<Body bodyHeight={30_000} previewHeight={448} count={1500} />);
    const box = screen.getByTestId('box');
    expect(box.dataset.preview).toBe('clipped');
    expect(box.style.maxHeight).toBe('448px');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,500 lines' }));
    expect(box.dataset.preview).toBe('whole');
    expect(box.style.maxHeight).toBe('');
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('with expandOnScroll, a scroll of the clipped box (focus moved to a hidden row) expands it', () => {
    render(<Body bodyHeight={2000} previewHeight={552} count={100} expandOnScroll />);
    const box = screen.getByTestId('box');
    box.scrollTop = 40;
    fireEvent.scroll(box);
    expect(box.dataset.preview).toBe('whole');
  });

  it('without it, the card may scroll its clipped box itself (a read at its target line) and stays clipped', () => {
    render(<Body bodyHeight={30_000} previewHeight={448} count={1500} />);
    const box = screen.getByTestId('box');
    box.scrollTop = 400;
    fireEvent.scroll(box);
    expect(box.dataset.preview).toBe('clipped');
  });
});
