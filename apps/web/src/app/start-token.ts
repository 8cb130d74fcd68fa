/** Where the token survives a reload of this tab (and only this tab). */
export const TOKEN_STORAGE_KEY = 'toolcards.token';

export interface TokenPlace {
  /** The page's full URL. */
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Rewrites the address bar without navigating (history.replaceState). */
  replaceUrl: (url: string) => void;
}

/**
 * The API token for this page. The start URL carries it as `?token=…`: it is moved to
 * sessionStorage and dropped from the address bar, so it is not left in the history or
 * in a shared screenshot, while a reload still works.
 */
export function takeStartToken(place: TokenPlace): string | undefined {
  const url = new URL(place.href);
  const fromUrl = url.searchParams.get('token');
  if (url.searchParams.has('token')) {
    url.searchParams.delete('token');
    place.replaceUrl(url.pathname + url.search + url.hash);
  }
  if (fromUrl) {
    try {
      place.storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // Storage can be disabled; the token still works until the page is reloaded.
    }
    return fromUrl;
  }
  try {
    return place.storage.getItem(TOKEN_STORAGE_KEY) || undefined;
  } catch {
    return undefined;
  }
}
