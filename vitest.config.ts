import { defineConfig } from 'vitest/config';
import { postgresProjects, projects } from './vitest.workspace.js';

export default defineConfig(async () => ({
  test: {
    projects: [...projects, ...(await postgresProjects())],
    // HTTP tests open real sockets; keep failures readable rather than fast-failing.
    testTimeout: 20_000,
  },
}));
