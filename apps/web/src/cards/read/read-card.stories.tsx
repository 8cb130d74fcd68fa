import { useState, type ComponentProps } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReadCard, type ReadNextRequest } from './read-card';
import { readFixtures } from '../../test-support/card-fixtures';
import { CardAddressProvider, type CardAddress } from '../frame/card-address';
import type { LineRange } from './line-selection';
import { hashForCard } from '../../model/session-hash';

const meta = {
  title: 'Cards/Read',
  component: ReadCard,
} satisfies Meta<typeof ReadCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypeScript: Story = {
  name: 'TypeScript',
  args: { view: readFixtures.typescript },
};

export const TypeScriptDark: Story = {
  name: 'TypeScript (dark)',
  args: { view: readFixtures.typescript },
  globals: { theme: 'dark' },
};

export const PlainText: Story = {
  name: 'Unknown extension (plain text)',
  args: { view: readFixtures.plainText },
};

export const MiddleOfFile: Story = {
  name: 'Middle of a file (offset 1,200)',
  args: { view: readFixtures.middleOfFile },
};

/**
 * The card with a shell behind it: "Next N lines" is a button. The story has no shell to run
 * the read, so it shows what the card asked for below it (and hands it to the spy).
 */
function ReadCardAskingNext(props: ComponentProps<typeof ReadCard>) {
  const [asked, setAsked] = useState<ReadNextRequest>();
  return (
    <>
      <ReadCard
        {...props}
        onReadNext={(request) => {
          props.onReadNext?.(request);
          setAsked(request);
        }}
      />
      {asked !== undefined && (
        <p data-testid="read-next-request">
          asked for: read {asked.path} from {asked.offset}, {asked.limit} lines
        </p>
      )}
    </>
  );
}

export const MiddleOfFileNextButton: Story = {
  name: 'Middle of a file, "Next 1,601 lines" button',
  args: { view: readFixtures.middleOfFile, onReadNext: fn() },
  render: (args) => <ReadCardAskingNext {...args} />,
};

export const TargetLine: Story = {
  name: 'Middle of a file, opened at a match',
  args: { view: readFixtures.middleOfFile, targetLine: 1_298 },
};

export const EmptyWindowAtOffset: Story = {
  name: 'Empty window at a positive offset',
  args: { view: readFixtures.emptyWindowAtOffset },
};

export const CappedWindow: Story = {
  name: 'Capped window with continuation hint',
  args: { view: readFixtures.cappedWindow },
};

export const LongLine: Story = {
  name: '2,000-character line',
  args: { view: readFixtures.longLine },
};

export const LineLongerThanRow: Story = {
  name: '12,000-character line ("+10,000 chars")',
  args: { view: readFixtures.lineLongerThanRow },
};

export const TwoThousandLines: Story = {
  name: '2,000 lines',
  args: { view: readFixtures.longTypescript },
};

export const TwoThousandLinesDark: Story = {
  name: '2,000 lines (dark)',
  args: { view: readFixtures.longTypescript },
  globals: { theme: 'dark' },
};

export const CrlfSourced: Story = {
  name: 'CRLF-sourced text',
  args: { view: readFixtures.crlfSourced },
};

export const Hostile: Story = {
  name: 'Markup in path and text (rendered as text)',
  args: { view: readFixtures.hostile },
};

export const TrojanSource: Story = {
  name: 'Trojan Source (bidi controls in comments, shown as chips)',
  args: { view: readFixtures.trojanSource },
};

export const TrojanSourceDark: Story = {
  name: 'Trojan Source (dark)',
  args: { view: readFixtures.trojanSource },
  globals: { theme: 'dark' },
};

export const InvisibleCharacters: Story = {
  name: 'Reversed file name, zero-width and control characters',
  args: { view: readFixtures.invisibleCharacters },
};

export const MixedScriptName: Story = {
  name: 'Mixed-script file name (a Cyrillic letter in package.json)',
  args: { view: readFixtures.mixedScriptName },
};

/**
 * The card as the timeline shows it, opened by a line link: it has an address (so "Copy
 * link"), the linked lines are selected and scrolled to, and the story shows below the card
 * the address a click or shift-click on a line number writes.
 */
function ReadCardWithLineLink({ linked, ...props }: ComponentProps<typeof ReadCard> & { linked: LineRange }) {
  const [lines, setLines] = useState<LineRange | undefined>(linked);
  const [openSerial, setOpenSerial] = useState(1);
  const address: CardAddress = {
    sessionId: 'story',
    seq: 7,
    link: (range) => `${location.origin}${location.pathname}${hashForCard('story', 7, range)}`,
    ...(lines ? { lines } : {}),
    openSerial,
    selectLines: (range) => {
      setLines(range);
      setOpenSerial(0);
    },
  };
  return (
    <>
      <CardAddressProvider address={address}>
        <ReadCard {...props} />
      </CardAddressProvider>
      <p data-testid="line-address">address: {hashForCard('story', 7, lines)}</p>
    </>
  );
}

export const SelectedLines: Story = {
  name: 'Middle of a file, lines 1,290–1,296 selected (a line link)',
  args: { view: readFixtures.middleOfFile },
  render: (args) => <ReadCardWithLineLink {...args} linked={{ start: 1_290, end: 1_296 }} />,
};

export const SelectedLinesDark: Story = {
  name: 'Middle of a file, lines selected (dark)',
  args: { view: readFixtures.middleOfFile },
  globals: { theme: 'dark' },
  render: (args) => <ReadCardWithLineLink {...args} linked={{ start: 1_290, end: 1_296 }} />,
};
