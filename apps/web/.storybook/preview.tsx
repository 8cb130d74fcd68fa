import { useLayoutEffect, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import '../src/styles/theme.css';
import '../src/cards/cards.css';
import { STORY_EDITOR_TARGET } from '../src/test-support/editor-fixture';
import { EditorProvider } from '../src/cards/frame/editor-context';

export type Theme = 'light' | 'dark';

/** Puts the story's theme on <html data-theme>, exactly where the app puts it. */
function ThemeRoot({ theme, children }: { theme: Theme; children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return <div style={{ padding: 16 }}>{children}</div>;
}

const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <ThemeRoot theme={theme}>
      <Story />
    </ThemeRoot>
  );
};

/** The cards' "Open in editor" links, as the app gives them from the server's info and the session's folder. */
const withEditor: Decorator = (Story) => (
  <EditorProvider target={STORY_EDITOR_TARGET}>
    <Story />
  </EditorProvider>
);

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme (data-theme on <html>)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withEditor, withTheme],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
