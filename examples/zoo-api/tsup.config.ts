import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/serve.ts'],
  format: ['esm'],
  target: 'node22',
  dts: false,
  sourcemap: true,
  clean: true,
});
