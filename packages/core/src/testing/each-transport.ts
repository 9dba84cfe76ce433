import { afterEach, describe } from 'vitest';
import type { Api } from '../index.js';
import { fetchTransport, socketTransport, type Transport } from './transport.js';

/** Opens a transport to an API; it is closed after the test. */
export type OpenTransport = (api: Api) => Promise<Transport>;

/**
 * Runs `cases` twice: in process through `api.fetch`, and over a real socket on 127.0.0.1, so a
 * feature is proven on both paths. Every transport `open` gives is closed after its test.
 */
export function describeEachTransport(title: string, cases: (open: OpenTransport) => void): void {
  describe.each([
    ['api.fetch', async (api: Api) => fetchTransport(api)],
    ['socket', socketTransport],
  ] as const)(`${title} over %s`, (_name, connect) => {
    const opened: Transport[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((transport) => transport.close()));
    });
    cases(async (api) => {
      const transport = await connect(api);
      opened.push(transport);
      return transport;
    });
  });
}
