import type { TerminalResultView } from '@toolcards/protocol';
import { GenericCard } from '../generic/generic-card';
import { terminalPlainText } from '../view-plain-text';

export interface TerminalCardProps {
  view: TerminalResultView;
}

export function TerminalCard({ view }: TerminalCardProps) {
  return <GenericCard view={{ card: 'generic', title: view.title ?? view.command, content: terminalPlainText(view) }} />;
}
