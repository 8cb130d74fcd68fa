import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { defineMain } from '@storybook/react-vite/node';

// The app's own Vite config (React plugin, `worker.format: 'es'` for the Shiki worker,
// public/ dir). Storybook replaces its `root` with apps/web (this folder's parent) and
// drops its `build` block except `target`, so the app's dist/ is never touched.
const appViteConfig = fileURLToPath(new URL('../../../vite.config.ts', import.meta.url));

function pluginNames(plugins: PluginOption[] | undefined): string[] {
  return (plugins ?? []).flat(Infinity as 1).flatMap((p) =>
    p && typeof p === 'object' && 'name' in p ? [p.name] : [],
  );
}

export default defineMain({
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: appViteConfig } },
  },
  stories: ['../src/**/*.stories.tsx'],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No autodocs pages: skip the docgen transform over every component.
  typescript: { reactDocgen: false },
  viteFinal(config) {
    // Fail loudly if the app's config was not picked up: the cards need both.
    if (!pluginNames(config.plugins).some((name) => name.startsWith('vite:react'))) {
      throw new Error(`Storybook: React plugin missing; is ${appViteConfig} loaded?`);
    }
    if (config.worker?.format !== 'es') {
      throw new Error("Storybook: worker.format must be 'es' (Shiki's highlighting worker)");
    }
    // Storybook's own preview runtime is one ~1.1 MB chunk; the app's limit applies.
    config.build = { ...config.build, chunkSizeWarningLimit: 1500 };
    return config;
  },
});
