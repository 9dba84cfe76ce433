import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

export default defineConfig({
  test: {
    projects,
    // HTTP tests open real sockets; keep failures readable rather than fast-failing.
    testTimeout: 20_000,
  },
});
