import type { SessionClient } from '../store/session-client';
import { ClientProvider } from '../store/client-context';
import { NoTokenScreen } from './no-token-screen';
import { Workbench } from './workbench';
import './app.css';

/**
 * The workbench; or, when the server refuses this page (no token in it and no cookie from
 * an earlier visit, or one that was rotated), how to get in.
 */
export function App({ client, tokenInPage = true }: { client: SessionClient | null; tokenInPage?: boolean }) {
  if (!client) return <NoTokenScreen />;
  return (
    <ClientProvider client={client}>
      <Workbench tokenInPage={tokenInPage} />
    </ClientProvider>
  );
}
