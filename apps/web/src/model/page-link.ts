/** The parts of the page's location a link is made of. */
export interface PageLocation {
  origin: string;
  pathname: string;
}

/**
 * A link to `hash` on this page: origin and path only. Never the query: the start URL's
 * `?token=` must not travel with a link (the browser gets in by its cookie, decision 0008),
 * and the page removes it from the address bar anyway.
 */
export function pageLink(page: PageLocation, hash: string): string {
  return `${page.origin}${page.pathname}${hash}`;
}
