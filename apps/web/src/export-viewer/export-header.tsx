import { VisibleText } from '../cards/text/visible-text';
import { ThemeToggle } from '../app/theme-toggle';
import type { ExportFileHeader } from '@toolcards/protocol';
import { exportHeaderFacts } from './export-header-facts';

/** The file's header: what was exported, from where, when, how much, by which toolcards. */
export function ExportHeader({ header, onFind }: { header: ExportFileHeader; onFind: () => void }) {
  const facts = exportHeaderFacts(header);
  return (
    <header className="ev-header">
      <div className="ev-header__top">
        <span className="ev-header__name">toolcards</span>
        <h1 className="ev-header__title">
          <VisibleText text={facts.title} />
        </h1>
        <span className="ev-header__spacer" />
        <button type="button" className="ev-header__find" onClick={onFind} title="Find in this file (Ctrl+F)">
          Find
        </button>
        <ThemeToggle />
      </div>
      <dl className="ev-header__facts">
        {facts.rows.map(([term, value]) => (
          <div key={term} className="ev-header__fact">
            <dt>{term}</dt>
            <dd>
              <VisibleText text={value} />
            </dd>
          </div>
        ))}
      </dl>
      {header.stillBeingWritten && (
        <p className="ev-header__note" role="note">
          The session was still being written when it was exported: this file holds what was there.
        </p>
      )}
    </header>
  );
}
