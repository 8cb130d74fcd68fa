import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SessionClient } from './session-client';
import type { SessionState } from './client-state';

const ClientContext = createContext<SessionClient | null>(null);

export function ClientProvider({ client, children }: { client: SessionClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): SessionClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient needs a <ClientProvider>');
  return client;
}

/** Subscribes to one slice of the session state (re-renders only when it changes). */
export function useSessionState<T>(selector: (state: SessionState) => T): T {
  return useStore(useClient().store.state, selector);
}
