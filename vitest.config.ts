import { defineConfig } from 'vitest/config';
import { mysqlProjects, postgresProjects, projects } from './vitest.workspace.js';

export default defineConfig(async () => ({
  test: {
    projects: [...projects, ...(await postgresProjects()), ...(await mysqlProjects())],
    // HTTP tests open real sockets; keep failures readable rather than fast-failing.
    testTimeout: 20_000,
    // On Node 22 every worker that opens node:sqlite would print that it is experimental (Node 24
    // does not): the suites use it on purpose, so Node's ExperimentalWarning type is off in the
    // workers; deprecations and every other kind of warning still print.
    execArgv: ['--disable-warning=ExperimentalWarning'],
  },
}));
