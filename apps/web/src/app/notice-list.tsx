import { VisibleText } from '../cards/text/visible-text';
import { useClient, useSessionState } from '../store/client-context';

/** Server errors and failed requests, above the composer until dismissed. */
export function NoticeList() {
  const client = useClient();
  const notices = useSessionState((state) => state.notices);
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label="Notices">
      {notices.map((notice) => (
        <li key={notice.id} className="notice" role="alert">
          <span className="notice__code">{notice.code}</span>
          <span className="notice__message">
            <VisibleText text={notice.message} />
          </span>
          <button type="button" className="notice__dismiss" onClick={() => client.store.dismissNotice(notice.id)} aria-label="Dismiss">
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
