/** Shown when the page has no token, or the server refused it (401). */
export function NoTokenScreen({ refused = false }: { refused?: boolean }) {
  return (
    <main className="no-token" aria-labelledby="no-token-title">
      <div className="no-token__card">
        <h1 id="no-token-title">{refused ? 'This page’s access token is no longer valid' : 'toolcards needs its access token'}</h1>
        <p>
          Open the URL printed by <code>npm start</code> (it contains <code>?token=…</code>).
        </p>
        <p className="no-token__detail">
          {refused
            ? 'The server probably restarted: each start prints a new URL with a new token.'
            : 'The server only answers pages that carry the token it printed, so other sites cannot reach your files.'}
        </p>
      </div>
    </main>
  );
}
