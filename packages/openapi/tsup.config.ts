import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  dts: !process.env.CORRAL_NO_DTS,
  sourcemap: true,
  clean: true,
});
