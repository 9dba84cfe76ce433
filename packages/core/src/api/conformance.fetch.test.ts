import { fetchTransport } from '../testing/transport.js';
import { conformanceCases } from './conformance.case.test.js';

conformanceCases('api.fetch', async (api) => fetchTransport(api));
