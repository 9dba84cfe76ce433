import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ChangeLogEngine, LogRead, LogRow } from '@corral/sql';
import { changesOf, prepareChangeLog, prunedOf } from './change-log-sql.js';
import type { PostgresDatabase } from './database.js';
import { createSchemaSql } from './ddl.js';
import { changesOfRow, order, parse, type StoredRow } from './log-positions.js';

/** How often a watched log is read for other programs' writes (they send no notification). */
const pollMs = 300;
/** How soon a lost LISTEN connection is opened again. */
const relistenMs = 1000;
/** How long what was found of other instances' listening holds before it is looked up again. */
const listenersMs = 1000;

/** The change log engine of a {@link PostgresDatabase}'s schema. */
export class PostgresChangeEngine implements ChangeLogEngine {
  private ready: Promise<void> | undefined;
  private notifier: Promise<pg.Client> | undefined;
  private closed = false;
  readonly channel: string;
  /**
   * The application name of the connections that LISTEN on this schema's channel, so that writers
   * can tell from pg_stat_activity whether anyone else listens (a hash: names are cut at 63 bytes).
   */
  readonly listenerName: string;
  /** This process's LISTEN connection's backend, which its own announcements need not reach. */
  private ownListener = 0;
  /** Whether another instance was found listening, and when that was looked up. */
  private others: { listening: boolean; at: number; looking?: Promise<void> } = { listening: true, at: 0 };

  constructor(private readonly database: PostgresDatabase) {
    this.channel = `corral_changes_${database.schema.slice(1, -1)}`.slice(0, 63);
    this.listenerName = `corral listen ${createHash('sha256').update(this.channel).digest('hex').slice(0, 24)}`;
  }

  /** The log's tables, made once (stores make them too, at init). */
  private prepared(): Promise<void> {
    this.ready ??= this.database
      .atomically(undefined, async (on) => {
        await on.query(`SELECT pg_advisory_xact_lock(hashtext('corral:' || $1))`, [this.database.schema]);
        await on.query(createSchemaSql(this.database.schema));
        await prepareChangeLog(on, this.database.schema);
      })
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  compare(a: string, b: string): number {
    const [ax, as, ai] = parse(a) ?? [0n, 0n, undefined];
    const [bx, bs, bi] = parse(b) ?? [0n, 0n, undefined];
    return order(ax, bx) || order(as, bs) || order(ai, bi);
  }

  async current(): Promise<string> {
    const result = await this.database.pool.query(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
    return `${result.rows[0].xmin}-0`;
  }

  /** Every transaction running now has an id below the snapshot's xmax; later ones get one at or above it. */
  async upper(): Promise<string> {
    const result = await this.database.pool.query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
    return `${result.rows[0].xmax}-0`;
  }

  async read(after: string, limit: number): Promise<LogRead> {
    await this.prepared();
    const { schema, pool } = this.database;
    const at = parse(after);
    // After a change within a row, that row is read again for the changes after it.
    const partly = at?.[2] !== undefined;
    const result = await this.database.query(
      pool,
      `WITH h AS (SELECT pg_snapshot_xmin(s) AS xmin, pg_snapshot_xmax(s) AS xmax FROM pg_current_snapshot() AS s)
      SELECT h.xmin::text AS horizon, h.xmax::text AS next, p.xid::text AS pruned_xid, p.seq::text AS pruned_seq,
        c.xid::text AS xid, c.seq::text AS seq, c.collection, c.id, c.kind, c.version, c.at, c.data, c.previous,
        c.ids, c.versions
      FROM h LEFT JOIN ${prunedOf(schema)} AS p ON true
      LEFT JOIN LATERAL (SELECT * FROM ${changesOf(schema)} WHERE (xid, seq) ${partly ? '>=' : '>'} ($1::xid8, $2::bigint)
        AND xid < h.xmin ORDER BY xid, seq LIMIT $3) AS c ON true`,
      [String(at?.[0] ?? 0n), String(at?.[1] ?? 0n), limit],
    );
    const first = result.rows[0]!;
    const current = `${first.horizon}-0`;
    if (!at || at[0] > BigInt(first.next)) return { reset: 'unknown', position: current };
    if (first.pruned_xid !== null && this.compare(after, `${first.pruned_xid}-${first.pruned_seq}`) < 0)
      return { reset: 'expired', position: current };
    const found = (result.rows as StoredRow[]).filter((row) => row.xid !== null);
    const rows: LogRow[] = found.flatMap((row) => changesOfRow(row, at));
    // Fewer rows than asked: everything below the horizon was read, so the next read starts there.
    const last = rows.at(-1)?.position;
    const next = found.length < limit && this.compare(current, last ?? after) > 0 ? current : (last ?? after);
    return { rows, position: next };
  }

  async oldest(limit: number): Promise<{ position: string; at: Date }[]> {
    await this.prepared();
    const result = await this.database.pool.query(
      `SELECT xid::text AS xid, seq::text AS seq, at FROM ${changesOf(this.database.schema)}
      WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY xid, seq LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({ position: `${row.xid}-${row.seq}`, at: row.at as Date }));
  }

  async dropThrough(position: string): Promise<void> {
    const [xid, whole, item] = parse(position)!;
    // Through a change within a row: the rows before it (the row itself still holds later changes).
    const seq = item === undefined ? whole : whole - 1n;
    const { schema } = this.database;
    await this.database.pool.query(
      `WITH gone AS (DELETE FROM ${changesOf(schema)} WHERE (xid, seq) <= ($1::xid8, $2::bigint))
      INSERT INTO ${prunedOf(schema)} AS p (one, xid, seq) VALUES (true, $1::xid8, $2::bigint)
      ON CONFLICT (one) DO UPDATE SET xid = EXCLUDED.xid, seq = EXCLUDED.seq WHERE (p.xid, p.seq) < (EXCLUDED.xid, EXCLUDED.seq)`,
      [String(xid), String(seq)],
    );
  }

  /**
   * Notifies other instances, after the writes committed (NOTIFY's commit lock covers the whole
   * server: never inside a write transaction), on a connection of its own so that announcements
   * never wait for, nor hold, a pooled connection the writes need.
   */
  async announce(): Promise<void> {
    if (this.closed || !(await this.othersListen())) return;
    this.notifier ??= this.connectNotifier();
    const client = await this.notifier;
    await client.query(`SELECT pg_notify($1, '')`, [this.channel]);
  }

  /**
   * Whether a process other than this one listens on the channel (looked up at most once a second;
   * until the first answer, and when the lookup fails, it is taken that one does). An instance
   * that starts listening meanwhile polls the log anyway, so it learns of the changes all the same.
   */
  private async othersListen(): Promise<boolean> {
    const known = this.others;
    if (Date.now() - known.at < listenersMs) return known.listening;
    known.looking ??= this.database.pool
      .query(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND pid <> $2) AS listening`, [
        this.listenerName,
        this.ownListener,
      ])
      .then(
        (result) => {
          this.others = { listening: Boolean(result.rows[0]?.listening), at: Date.now() };
        },
        () => {
          this.others = { listening: true, at: Date.now() };
        },
      );
    await known.looking;
    return this.others.listening;
  }

  private connectNotifier(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.database.connectionString, application_name: 'corral' });
    const forget = () => {
      if (this.notifier === connected) this.notifier = undefined;
    };
    // A cut connection is replaced at the next announcement; its error must not end the process.
    client.on('error', () => {
      forget();
      client.end().catch(() => undefined);
    });
    const connected: Promise<pg.Client> = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    return connected;
  }

  close(): void {
    this.closed = true;
    const notifier = this.notifier;
    this.notifier = undefined;
    notifier?.then((client) => client.end()).catch(() => undefined);
  }

  /**
   * Wakes on other instances' notifications (a LISTEN connection of its own, opened again when
   * cut: notifications sent meanwhile are lost, so it wakes on reconnecting) and on a short poll
   * for other programs' writes, which notify nobody.
   */
  listen(wake: () => void): () => void {
    let stopped = false;
    let client: pg.PoolClient | undefined;
    const poll = setInterval(wake, pollMs);
    poll.unref();
    const drop = (again: boolean) => {
      const gone = client;
      client = undefined;
      if (gone && this.ownListener === (gone as unknown as { processID: number }).processID) this.ownListener = 0;
      if (gone) {
        gone.removeAllListeners('notification');
        gone.release(true);
      }
      if (again && !stopped) setTimeout(open, relistenMs).unref();
    };
    const open = async () => {
      if (stopped) return;
      let opened: pg.PoolClient | undefined;
      try {
        opened = await this.database.pool.connect();
        client = opened;
        opened.on('error', () => client === opened && drop(true));
        opened.on('notification', () => wake());
        // Named, so that writers elsewhere find it (see othersListen).
        await opened.query(`SELECT set_config('application_name', $1, false)`, [this.listenerName]);
        this.ownListener = (opened as unknown as { processID: number }).processID ?? 0;
        await opened.query(`LISTEN "${this.channel}"`);
        if (stopped) return drop(false);
        wake();
      } catch {
        // A connection that failed with an error event was dropped, and opened again, already.
        if (opened) {
          if (client === opened) drop(true);
        } else if (!stopped) setTimeout(open, relistenMs).unref();
      }
    };
    void open();
    return () => {
      stopped = true;
      clearInterval(poll);
      drop(false);
    };
  }
}
