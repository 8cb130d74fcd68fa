import { COMPOSER_USAGE } from './parse-composer-command';

/** The commands, with an example each. */
export function ComposerHelp({ onClose }: { onClose: () => void }) {
  return (
    <section className="composer-help" aria-label="Composer help">
      <header className="composer-help__header">
        <strong>Commands</strong>
        <button type="button" className="composer-help__close" onClick={onClose} aria-label="Close help">
          ×
        </button>
      </header>
      <dl className="composer-help__list">
        <dt><code>{COMPOSER_USAGE.read}</code></dt>
        <dd>Read a file, from line <em>offset</em> (1-based), at most <em>limit</em> lines. <code>/read src/app.ts 40 20</code></dd>
        <dt><code>{COMPOSER_USAGE.grep}</code></dt>
        <dd>Search file contents with a regular expression. <code>/grep "function \w+" src --include "*.ts"</code></dd>
        <dt><code>{COMPOSER_USAGE.glob}</code></dt>
        <dd>
          Find files by path, newest first. <code>*</code> stays in one folder: <code>/glob *</code> is this folder&apos;s files,{' '}
          <code>/glob "**/*"</code> every file below it, <code>/glob "**/*.test.ts"</code> every test.
        </dd>
        <dt><code>{COMPOSER_USAGE.help}</code> or <code>?</code></dt>
        <dd>This help.</dd>
      </dl>
      <p className="composer-help__note">
        Quote arguments with spaces: <code>"a b"</code> or <code>'a b'</code>. Anything else goes to the model;
        start with <code>//</code> to send text that begins with “/”. Enter sends, Shift+Enter adds a line, ↑ recalls
        what you sent.
      </p>
    </section>
  );
}
