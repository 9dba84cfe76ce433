import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';

/** The shared build, then the admin's page bundled into dist/ui, which the package serves from. */
export default defineConfig({
  ...(shared as object),
  onSuccess: async () => {
    // @ts-expect-error: a plain script of the package, without declarations
    const { buildUi } = await import('./build-ui.mjs');
    await buildUi();
  },
});
