import { writeContentionCases } from '../testing/contention-cases.js';
import { memoryStore } from './memory-store.js';

// Memory stores share one database by default: core's units of work run on it.
writeContentionCases('memory stores', async () => ({
  pens: memoryStore(),
  birds: memoryStore(),
  nests: memoryStore(),
  eggs: memoryStore(),
  feathers: memoryStore(),
  close: async () => undefined,
}));
