/** Every row inside the card's scroll viewport shows tokens (an empty line holds a <br>). */
export function visibleRowsColoured(container: HTMLElement): boolean {
  const viewport = container.querySelector<HTMLElement>('.tc-read__viewport');
  if (!viewport) return false;
  const box = viewport.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  let visible = 0;
  for (const row of viewport.querySelectorAll<HTMLElement>('.tc-read__row')) {
    const rowBox = row.getBoundingClientRect();
    if (rowBox.bottom <= box.top || rowBox.top >= bottom) continue;
    visible += 1;
    const code = row.querySelector('.tc-read__code');
    if (!code || (code.querySelector('.tc-tok') === null && code.querySelector('br') === null)) return false;
  }
  return visible > 0;
}
