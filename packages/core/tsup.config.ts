import { defineConfig } from 'tsup';
import shared from '../../tsup.package.js';

// Core has a second entry: `@corral/core/node`, the node:http helpers kept out of the main entry.
export default defineConfig({ ...(shared as object), entry: ['src/index.ts', 'src/node.ts'] });
