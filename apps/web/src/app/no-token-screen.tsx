/** Shown when the page has no token, or the server refused it (401). */
export function NoTokenScreen({ refused = false }: { refused?: boolean }) {
  // Not refused: the page never had one. Refused: it had one (a URL, or the cookie) that was rotated.
  return (
    <main className="no-token" aria-labelledby="no-token-title">
      <div className="no-token__card">
        <h1 id="no-token-title">{refused ? 'This page’s access token is no longer valid' : 'toolcards needs its access token'}</h1>
        <p>
          Open the URL that toolcards printed when it started (<code>open http://127.0.0.1:…/?token=…</code>, in the terminal
          where you ran <code>toolcards</code> or <code>npm start</code>).
        </p>
        <p className="no-token__detail">
          {refused
            ? 'The token was replaced (toolcards --rotate-token), or this browser never opened the start URL. Once opened, this browser gets back in by itself, after restarts too.'
            : 'The server only answers pages that carry the token it printed, so other sites cannot reach your files. Once this browser has opened that URL, new tabs and restarts get in by themselves.'}
        </p>
      </div>
    </main>
  );
}
