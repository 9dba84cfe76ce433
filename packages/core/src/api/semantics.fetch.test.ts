import { fetchTransport } from '../testing/transport.js';
import { semanticsCases } from './semantics.case.test.js';

semanticsCases('api.fetch', async (api) => fetchTransport(api));
