import { defineConfig } from 'tsup';

/**
 * The build every package shares: its one public entry as ESM with declarations. Run from the
 * package's folder; CORRAL_NO_DTS=1 (npm start) skips the slower declaration step.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node22',
  dts: !process.env.CORRAL_NO_DTS,
  sourcemap: true,
  clean: true,
  // Keep `node:` in imports: `node:sqlite` exists only under that name (there is no bare `sqlite`).
  removeNodeProtocol: false,
});
