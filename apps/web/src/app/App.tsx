import type { SessionClient } from '../store/SessionClient';
import { ClientProvider } from '../store/ClientContext';
import { NoTokenScreen } from './NoTokenScreen';
import { Workbench } from './Workbench';
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
