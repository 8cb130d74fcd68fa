import type { SessionClient } from '../store/session-client';
import { ClientProvider } from '../store/client-context';
import { NoTokenScreen } from './no-token-screen';
import { Workbench } from './workbench';
import './app.css';

/** Without a token (no `?token=` and none kept for this tab) there is nothing to connect to. */
export function App({ client }: { client: SessionClient | null }) {
  if (!client) return <NoTokenScreen />;
  return (
    <ClientProvider client={client}>
      <Workbench />
    </ClientProvider>
  );
}
