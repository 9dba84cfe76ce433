// Expansion on PostgreSQL: a page of 100 animals with expand=zoo against the same page without it,
// and a page of 20 zoos with expand=animals against the same page without it, on the same server in
// the same run (interleaved rounds, medians). 1,000 zoos and 100,000 animals in tables Corral made.
import pg from 'pg';
import { measure } from './load.mjs';
import { startServer } from './start.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const schema = 'corral_bench_expand';
const zooCount = 1_000;
const animalCount = 100_000;

const pairs = {
  'animals, page of 100': ['/v1/animals?limit=100', '/v1/animals?limit=100&expand=zoo'],
  'zoos, page of 20': ['/v1/zoos?limit=20', '/v1/zoos?limit=20&expand=animals'],
};

/** Fills the tables the server made, through SQL (its triggers keep the counts), unless they are full. */
async function fill() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    const { rows } = await client.query(
      'SELECT (SELECT count(*) FROM zoos)::integer AS zoos, (SELECT count(*) FROM animals)::integer AS animals',
    );
    if (rows[0].zoos !== zooCount || rows[0].animals !== animalCount) {
      console.error(`filling ${schema} with ${zooCount} zoos and ${animalCount} animals`);
      await client.query('TRUNCATE animals, zoos');
      await client.query(
        `INSERT INTO zoos (name, city) SELECT 'Zoo ' || i, 'City ' || (i % 97) FROM generate_series(1, ${zooCount}) AS i`,
      );
      // Animals spread over the zoos in no order, so that a page names many zoos.
      await client.query(`INSERT INTO animals (name, species, zoo_id) SELECT 'Animal ' || i, 'species ' || (i % 31), z.id
        FROM generate_series(1, ${animalCount}) AS i JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM zoos) AS z ON z.n = 1 + (i * 7919) % ${zooCount}`);
    }
    for (const table of ['zoos', 'animals', 'corral_counts']) await client.query(`VACUUM ANALYZE "${schema}".${table}`);
  } finally {
    await client.end();
  }
}

export async function expandBench({ timing, rounds }) {
  const start = () =>
    startServer(here('./servers/db-expand.mjs'), { BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema });
  let server = await start();
  await fill();
  // Again, so that nothing of the filling is cached in the process.
  server.stop();
  server = await start();
  const samples = {};
  try {
    // The expanded page holds the plain one, and each animal its own zoo.
    const plain = await (await fetch(`${server.origin}${pairs['animals, page of 100'][0]}`)).json();
    const expanded = await (await fetch(`${server.origin}${pairs['animals, page of 100'][1]}`)).json();
    if (
      expanded.animals.length !== 100 ||
      expanded.animals.some((animal, i) => animal.id !== plain.animals[i].id || animal.zoo?.id !== animal.zooId)
    )
      throw new Error('expand=zoo gave other records');
    for (let round = 0; round < rounds; round++) {
      for (const [label, [without, withExpand]] of Object.entries(pairs)) {
        const order =
          round % 2 === 0
            ? [
                ['without', without],
                ['with', withExpand],
              ]
            : [
                ['with', withExpand],
                ['without', without],
              ];
        for (const [which, path] of order) {
          const { rps } = await measure(`${server.origin}${path}`, { ...timing, timeoutSeconds: 30 });
          ((samples[label] ??= {})[which] ??= []).push(rps);
          console.error(`expand round ${round + 1} ${label} ${which} expand: ${Math.round(rps)} req/s`);
        }
      }
    }
  } finally {
    server.stop();
  }
  const lines = [
    '',
    '## Expansion on PostgreSQL',
    '',
    `${zooCount.toLocaleString('en')} zoos and ${animalCount.toLocaleString('en')} animals in tables Corral made; the same server answers both requests of a pair, ${rounds} interleaved round(s), medians.`,
    '',
    '| page | without expand req/s | with expand req/s | with / without |',
    '|---|---:|---:|---:|',
  ];
  const ratios = {};
  for (const [label, [without, withExpand]] of Object.entries(pairs)) {
    const a = median(samples[label].without);
    const b = median(samples[label].with);
    ratios[`${label}: ${withExpand} / ${without}`] = b / a;
    lines.push(
      `| ${label} (\`${withExpand.split('&').pop()}\`) | ${Math.round(a)} | ${Math.round(b)} | ${(b / a).toFixed(2)} |`,
    );
  }
  return { lines, ratios };
}
