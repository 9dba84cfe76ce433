/** `@corral/sqlite/testing`: SQLite as an engine of the shared SQL suites (`forEachEngine`). */
export { sqliteTestEngine } from './engine.js';
