// Writes: Corral against hand-written servers doing the same work, POST, PATCH with If-Match and
// DELETE at 10 and 50 connections. On SQLite the peer keeps Corral's bookkeeping (revision, live
// count, tombstones) in the write's transaction at the same durability (synchronous=FULL); on
// PostgreSQL the peer writes one autocommit statement and keeps none, and Corral serves the same
// table (owned) and a table of its own (managed, all its bookkeeping). Corral writes its change log
// (feeds); a managed table without it (`changeLog: false`) shows what the log costs.
// Each request gets a record of its own (write-ids.mjs); any answer but a 2xx fails the run.
// Rounds alternate the servers' order; medians with the spread of the rounds.
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillPostgres, fillSqlite, postgres } from './databases.mjs';
import { loadGenerator, refuseFailures, wrk } from './load.mjs';
import { startServer } from './start.mjs';
import { sameWrites } from './write-checks.mjs';
import { postgresRows, RecordPool, sqliteRows } from './write-ids.mjs';

const here = (path) => new URL(path, import.meta.url).pathname;
const databaseUrl = process.env.CORRAL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const operations = ['POST', 'PATCH', 'DELETE'];
const connectionCounts = [10, 50];

/** Rows beyond the first `size` (what earlier runs added) go, so that every run starts from the same table. */
async function trimPostgres(schema, size) {
  await postgres(schema, async (client) => {
    if (!(await client.query(`SELECT to_regclass('items') IS NOT NULL AS found`)).rows[0].found) return;
    const { rowCount } = await client.query(
      `DELETE FROM items WHERE id > (SELECT id FROM items ORDER BY id OFFSET ${size - 1} LIMIT 1)`,
    );
    if (rowCount > 0) await client.query('VACUUM items');
  });
}

function trimSqlite(file, size) {
  const db = new DatabaseSync(file);
  try {
    db.exec(`DELETE FROM items WHERE id > (SELECT id FROM items ORDER BY id LIMIT 1 OFFSET ${size - 1})`);
  } finally {
    db.close();
  }
}

/** The peer's file gets the table and indexes Corral made in its own file (not its triggers). */
function copyTable(from, to) {
  const source = new DatabaseSync(from, { readOnly: true });
  const target = new DatabaseSync(to);
  try {
    const ddl = source
      .prepare(
        `SELECT sql FROM sqlite_schema WHERE tbl_name = 'items' AND type IN ('table', 'index') AND sql IS NOT NULL`,
      )
      .all();
    for (const { sql } of ddl) target.exec(sql.replace(/^CREATE (TABLE|INDEX)/, 'CREATE $1 IF NOT EXISTS'));
  } finally {
    source.close();
    target.close();
  }
}

/**
 * Starts the servers of each engine on tables of `size` rows, each with the pool of records its
 * runs use; those started are stopped again when one fails to.
 */
async function startServers(size, withPostgres) {
  const servers = {};
  const start = async (name, script, env, insert) =>
    (servers[name] = { ...(await startServer(here(script), env)), pool: new RecordPool(insert), best: 0 });
  try {
    await startEach(size, withPostgres, start);
    return servers;
  } catch (error) {
    for (const server of Object.values(servers)) server.stop();
    throw error;
  }
}

async function startEach(size, withPostgres, start) {
  if (withPostgres) {
    const schema = `corral_bench_writes_${size}`;
    const managed = `corral_bench_writes_managed_${size}`;
    const base = { BENCH_DATABASE_URL: databaseUrl, BENCH_DB: 'postgres' };
    await trimPostgres(schema, size);
    await fillPostgres(schema, size, true);
    await start('hand-written pg', './servers/db-raw-pg.mjs', { ...base, BENCH_SCHEMA: schema }, postgresRows(schema));
    const corral = './servers/db-corral.mjs';
    await start(
      'corral pg (owned table)',
      corral,
      { ...base, BENCH_SCHEMA: schema, BENCH_MODE: 'owned' },
      postgresRows(schema),
    );
    await trimPostgres(managed, size);
    await start(
      'corral pg (managed table)',
      corral,
      { ...base, BENCH_SCHEMA: managed, BENCH_MODE: 'managed' },
      postgresRows(managed),
    );
    const unlogged = `corral_bench_writes_unlogged_${size}`;
    await trimPostgres(unlogged, size);
    await start(
      'corral pg (managed table, no change log)',
      corral,
      { ...base, BENCH_SCHEMA: unlogged, BENCH_MODE: 'managed', BENCH_CHANGE_LOG: 'off' },
      postgresRows(unlogged),
    );
    await fillPostgres(unlogged, size, false);
    await fillPostgres(managed, size, false);
    await fillPostgres(schema, size, true); // statistics again, now with Corral's bookkeeping tables beside it
  }
  const corralFile = join(tmpdir(), `corral-bench-writes-${size}-corral.sqlite`);
  const peerFile = join(tmpdir(), `corral-bench-writes-${size}-peer.sqlite`);
  const sqlite = { BENCH_DB: 'sqlite', BENCH_FILE: corralFile, BENCH_MODE: 'managed', BENCH_SYNCHRONOUS: 'full' };
  await start('corral sqlite (managed table)', './servers/db-corral.mjs', sqlite, sqliteRows(corralFile));
  copyTable(corralFile, peerFile);
  for (const file of [corralFile, peerFile]) {
    trimSqlite(file, size);
    fillSqlite(file, size);
  }
  await start(
    'hand-written sqlite',
    './servers/db-raw-sqlite.mjs',
    { BENCH_FILE: peerFile, BENCH_WRITES: '1' },
    // The peer's revision and live count, as Corral's triggers keep theirs for rows inserted behind the API.
    sqliteRows(peerFile, `UPDATE revisions SET revision = revision + 1, live = live + ?`),
  );
}

/** Each Corral and the peer it is compared with. */
const pairs = [
  ['corral sqlite (managed table)', 'hand-written sqlite'],
  ['corral pg (owned table)', 'hand-written pg'],
  ['corral pg (managed table)', 'hand-written pg'],
  ['corral pg (managed table)', 'corral pg (managed table, no change log)'],
];

/**
 * One wrk run of `operation` for `seconds`; with too few records lent (the server was faster than
 * guessed), it is run again with twice as many. `refused` names the answers that were not a 2xx.
 */
async function run(server, operation, connections, seconds) {
  const url = `${server.origin}/v1/items`;
  for (let margin = 3; ; margin *= 2) {
    // Enough records for the fastest rate this server has shown, thrice over, and the requests in flight.
    const needed = Math.ceil(Math.max(server.best, 1000) * seconds * margin) + connections;
    const ids = operation === 'POST' ? [] : await server.pool.lend(operation, needed);
    const result = wrk(url, {
      connections,
      seconds,
      timeoutSeconds: 30,
      script: here('./writes.lua'),
      scriptArgs: [operation.toLowerCase(), ...ids.map(([lo, hi]) => `${lo}-${hi}`)],
    });
    const [, sent, exhausted] = /ids sent: (\d+), exhausted: (\w+)/.exec(result.output) ?? [];
    if (sent === undefined) throw new Error(`writes.lua said nothing of its ids: ${result.output}`);
    if (operation !== 'POST') server.pool.spend(operation, Number(sent));
    if (exhausted === 'true') continue;
    server.best = Math.max(server.best, result.rps);
    return { ...result, url: `${operation} ${url}`, refused: /not 2xx:(.*)/.exec(result.output)?.[1].trim() };
  }
}

/** A cell: `center` (a median), and the lowest and highest of the rounds when there were several. */
const withSpread = (center, values, digits = 0) => {
  const [low, high] = [sorted(values)[0], sorted(values).at(-1)];
  return values.length > 1
    ? `${center.toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)})`
    : center.toFixed(digits);
};

export async function writeBench({
  quick,
  timing,
  rounds: roundCount = 5,
  size = quick ? 10_000 : 1_000_000,
  withPostgres = true,
  keepGoing = false,
  only = operations,
}) {
  if (loadGenerator !== 'wrk') throw new Error('the write benchmark needs wrk (Debian package wrk)');
  const servers = await startServers(size, withPostgres);
  const samples = {};
  try {
    const names = Object.keys(servers);
    // One after the other: two servers share the PostgreSQL table, and each range must be one insert's.
    const freshIds = [];
    for (const name of names) freshIds.push((await servers[name].pool.lend('PATCH', 1))[0][0]);
    await sameWrites(
      names.map((name) => servers[name]),
      freshIds,
    );
    for (let round = 0; round < roundCount; round++) {
      const order = [...names];
      for (let i = 0; i < round; i++) order.push(order.shift());
      for (const operation of only)
        for (const connections of connectionCounts)
          for (const name of order) {
            await run(servers[name], operation, connections, timing.warmupSeconds); // not counted
            const result = await run(servers[name], operation, connections, timing.seconds);
            const failed = result.bad > 0 || result.errors > 0;
            if (failed && !keepGoing) refuseFailures(`${result.url} (${result.refused})`, result);
            const sample = failed
              ? { failed: `${result.refused}${result.errors ? `, ${result.errors} socket errors` : ''}` }
              : { rps: result.rps, p99: result.p99 };
            ((samples[`${operation} ${connections}`] ??= {})[name] ??= []).push(sample);
            const shown = failed ? `failed: ${sample.failed}` : `p99 ${result.p99} ms`;
            console.error(
              `writes round ${round + 1} ${operation} ${connections} ${name}: ${Math.round(result.rps)} req/s, ${shown}`,
            );
          }
    }
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
  return report(samples, { roundCount, timing, size });
}

const rates = (runs) => runs.map((r) => r.rps);
/** Why a server failed in some round of a cell (answers that were not a 2xx), if it did. */
const failure = (runs) => runs.find((r) => r.failed)?.failed;

function report(samples, { roundCount, timing, size }) {
  const lines = [
    '',
    '## Writes: Corral against hand-written servers doing the same work',
    '',
    `${roundCount} interleaved round(s) of ${timing.seconds} s after ${timing.warmupSeconds} s warm-up; wrk on the other core; tables of ${size.toLocaleString('en')} rows (trimmed back to that at each start). Each request has a record of its own: POST a valid new item, PATCH a record at version 1 with \`If-Match: "v1"\` (a new name), DELETE a record without If-Match; any answer but a 2xx fails the run (with \`--keep-going\`, only its cell). Medians over rounds, the rounds' spread (min–max) in brackets.`,
    '"hand-written sqlite": node:http + node:sqlite, zod, the write and Corral\'s bookkeeping (revision, live count, a tombstone on delete) in one IMMEDIATE transaction, synchronous=FULL and WAL as Corral\'s default; "corral sqlite" has that durability. "hand-written pg": node:http + pg (pool of 10, as Corral\'s), zod, one autocommit statement per write (`INSERT ... RETURNING`, `UPDATE ... WHERE id AND version RETURNING`, `DELETE`), no bookkeeping; "owned table" is Corral on that same table through `store({ table })`, "managed table" a table Corral made, with its triggers; Corral writes its change log in the same statement ("no change log": `changeLog: false`). No server checks tokens or logs requests.',
    '',
    '| operation | connections | server | req/s | p99 ms |',
    '|---|---:|---|---:|---:|',
  ];
  for (const [cell, byServer] of Object.entries(samples)) {
    const [operation, connections] = cell.split(' ');
    for (const [name, runs] of Object.entries(byServer)) {
      const shown = failure(runs)
        ? `failed: ${failure(runs)} | |`
        : `${withSpread(median(rates(runs)), rates(runs))} | ${median(runs.map((r) => r.p99))} |`;
      lines.push(`| ${operation} | ${connections} | ${name} | ${shown}`);
    }
  }
  const shownPairs = pairs.filter(([corral]) => Object.values(samples)[0]?.[corral]);
  lines.push(
    '',
    'Corral / the peer, the ratio of medians; in brackets the lowest and highest ratio of one round.',
    '',
    `| operation | connections | ${shownPairs.map(([corral, peer]) => `${corral} / ${peer}`).join(' | ')} |`,
    `|---|---:|${shownPairs.map(() => '---:').join('|')}|`,
  );
  const ratios = {};
  for (const [cell, byServer] of Object.entries(samples)) {
    const cells = shownPairs.map(([corral, peer]) => {
      if (failure(byServer[corral]) || failure(byServer[peer])) return 'failed';
      const [ours, theirs] = [rates(byServer[corral]), rates(byServer[peer])];
      const ratio = (ratios[`${cell}: ${corral} / ${peer}`] = median(ours) / median(theirs));
      return withSpread(
        ratio,
        ours.map((rps, i) => rps / theirs[i]),
        2,
      );
    });
    lines.push(`| ${cell.replace(' ', ' | ')} | ${cells.join(' | ')} |`);
  }
  const failures = Object.values(samples).flatMap((byServer) => Object.values(byServer).filter(failure)).length;
  return { lines, samples, ratios, failures };
}
