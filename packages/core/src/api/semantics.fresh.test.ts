import { freshObjectStore } from '../testing/fresh-object-store.js';
import { wrapFixtureStores } from '../testing/fixtures.js';
import { fetchTransport } from '../testing/transport.js';
import { semanticsCases } from './semantics.case.test.js';

// The same cases over stores that hand out new objects on every read, as database stores do.
wrapFixtureStores(freshObjectStore);
semanticsCases('api.fetch over fresh-object stores', async (api) => fetchTransport(api));
