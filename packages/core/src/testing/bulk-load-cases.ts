import { expect, it } from 'vitest';
import type { RaceFixture } from './delete-race-cases.js';

/** How many clients keep creating while the bulk writes run. */
const creators = 20;

/**
 * Bulk PUT and DELETE of a collection that 20 other clients keep writing to: they lock what they
 * need and wait for it, so none fails for the others (412 is an honest answer to an If-Match that
 * another write made stale), and no create fails either.
 */
export function bulkUnderLoadCases(fixture: () => RaceFixture): void {
  it(`takes bulk PUTs and DELETEs, with and without If-Match, while ${creators} clients keep creating`, async () => {
    const { http } = fixture();
    const pen = (await http.send('POST', '/v1/pens', { body: { name: 'Paddock' } })).json.id as string;
    const create = (name: string) => http.send('POST', `/v1/pens/${pen}/birds`, { body: { name } });
    let running = true;
    const created: number[] = [];
    const creating = Array.from({ length: creators }, async (_, n) => {
      for (let round = 0; running; round++) created.push((await create(`Pukeko ${n}.${round}`)).status);
    });
    const bulk: string[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        for (const conditional of [false, true]) {
          const ids = await Promise.all([1, 2, 3].map(async (n) => (await create(`Takahe ${n}`)).json.id as string));
          const tag = async (): Promise<Record<string, string>> =>
            conditional ? { 'if-match': (await http.send('GET', '/v1/birds?limit=1')).headers.etag! } : {};
          const body = ids.map((id) => ({ id, name: 'Takahe', penId: pen }));
          const put = await http.send('PUT', '/v1/birds', { headers: await tag(), body });
          const deleted = await http.send('DELETE', '/v1/birds', { headers: await tag() });
          bulk.push(
            `PUT${conditional ? ' If-Match' : ''} ${put.status}`,
            `DELETE${conditional ? ' If-Match' : ''} ${deleted.status}`,
          );
        }
      }
    } finally {
      running = false;
      await Promise.all(creating);
    }
    expect(created.filter((status) => status !== 201)).toEqual([]);
    const honest = [
      'PUT 200',
      'DELETE 204',
      'PUT If-Match 200',
      'PUT If-Match 412',
      'DELETE If-Match 204',
      'DELETE If-Match 412',
    ];
    expect(bulk.filter((answer) => !honest.includes(answer))).toEqual([]);
    // What is tested is that nothing fails, not how fast: on MariaDB every logged write commits in
    // turn (see docs/databases.md), and 20 writers there take 7-14 s alone, more in a full run.
  }, 90_000);
}
