import { expect, it } from 'vitest';
import type { TestResponse, Transport } from './transport.js';
import type { OpenedContention } from './contention-cases.js';

/** What the cases below race over: the served API and the stores behind it. */
export interface RaceFixture {
  readonly http: Transport;
  readonly opened: OpenedContention;
}

const rounds = 8;
const adders = 6;

/** Every answer a create racing a delete of its parent may honestly get (the others, listed on failure). */
function honestAdds(added: readonly TestResponse[]): void {
  const statuses = added.map((answer) => answer.status);
  expect(statuses.filter((status) => ![201, 404, 410].includes(status))).toEqual([]);
}

/**
 * Deletes racing creates two levels down (pens -> nests, `cascade` -> eggs, `restrict` /
 * feathers, `cascade`), one record at a time and in bulk: no egg or feather ever outlives its
 * nest, and a delete refused with 409 deleted nothing. On tables without foreign keys only the
 * locks core takes keep this.
 */
export function deleteRaceCases(fixture: () => RaceFixture): void {
  const post = async (path: string, body: object) => (await fixture().http.send('POST', path, { body })).json;
  const penWithNests = async (count: number) => {
    const pen = (await post('/v1/pens', { name: 'Marsh' })).id as string;
    const nests: string[] = [];
    for (let n = 0; n < count; n++) nests.push((await post(`/v1/pens/${pen}/nests`, { name: `Nest ${n}` })).id);
    return { pen, nests };
  };
  const adding = (nests: readonly string[], below: 'eggs' | 'feathers') =>
    Array.from({ length: adders }, (_, n) =>
      fixture().http.send('POST', `/v1/nests/${nests[n % nests.length]}/${below}`, { body: { name: `${below} ${n}` } }),
    );
  const stored = async (below: 'eggs' | 'feathers', nests: readonly string[]) => {
    const store = fixture().opened[below];
    let total = 0;
    for (const nest of nests) total += await store.count({ nestId: nest });
    return total;
  };

  /** One race: a delete of a pen (or in bulk, of every nest) while eggs or feathers are added to its nests. */
  const race = async (bulk: boolean, below: 'eggs' | 'feathers') => {
    // Eggs left by other cases would refuse every bulk delete.
    if (bulk) await fixture().opened.eggs.deleteAll();
    const { pen, nests } = await penWithNests(bulk ? 3 : 1);
    const [deleted, ...added] = await Promise.all([
      fixture().http.send('DELETE', bulk ? '/v1/nests' : `/v1/pens/${pen}`),
      ...adding(nests, below),
    ]);
    honestAdds(added);
    const made = added.filter((answer) => answer.status === 201).length;
    return { deleted: deleted.status, made, kept: await stored(below, nests) };
  };

  for (const bulk of [false, true])
    for (const below of ['eggs', 'feathers'] as const) {
      const rule = below === 'eggs' ? 'restrict' : 'cascade';
      const what = bulk ? 'every nest is deleted in bulk' : 'a pen is deleted (two levels up)';
      it(`keeps no ${below} (${rule}) of nests that went when ${what} while ${below} are added`, async () => {
        for (let round = 0; round < rounds; round++) {
          const { deleted, made, kept } = await race(bulk, below);
          // A refused delete (only eggs refuse it) deleted nothing; one that went left nothing below.
          const refused = below === 'eggs' && deleted === 409;
          expect([deleted, kept]).toEqual(refused ? [409, made] : [204, 0]);
        }
      });
    }
}
