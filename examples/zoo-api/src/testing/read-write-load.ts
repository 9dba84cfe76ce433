/** What the readers and writers of {@link readWriteLoad} were answered. */
export interface LoadTally {
  /** Answers to reads, by status. */
  readonly reads: Map<number, number>;
  /** Answers to writes, by status. */
  readonly writes: Map<number, number>;
  /** Every 5xx by its status, Retry-After and message, as `write 503 - The connection to the database broke...`. */
  readonly failures: Map<string, number>;
  /** Paths of the records whose creation was answered 201. */
  readonly created: string[];
  /** Requests that got no answer at all (the connection failed). */
  readonly unanswered: number;
}

function add<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Readers listing `readPath` and writers POSTing to `writePath` over HTTP, each one request at a
 * time, until `stop()`; then the tally of what they were answered.
 */
export function readWriteLoad(
  origin: string,
  token: string,
  options: {
    readers: number;
    writers: number;
    readPath: string;
    /** Where writer number `writer` POSTs, and what. */
    write: (writer: number, n: number) => { path: string; body: unknown };
  },
): { stop(): Promise<LoadTally> } {
  const tally = {
    reads: new Map<number, number>(),
    writes: new Map<number, number>(),
    failures: new Map<string, number>(),
    created: [] as string[],
    unanswered: 0,
  };
  let running = true;
  let n = 0;
  const authorization = `Bearer ${token}`;
  const once = async (writer: number | undefined) => {
    const write = writer !== undefined;
    const sent = write ? options.write(writer, n++) : { path: options.readPath, body: undefined };
    const response = await fetch(`${origin}${sent.path}`, {
      method: write ? 'POST' : 'GET',
      headers: write ? { authorization, 'content-type': 'application/json' } : { authorization },
      ...(write ? { body: JSON.stringify(sent.body) } : {}),
    });
    const text = await response.text();
    add(write ? tally.writes : tally.reads, response.status);
    if (response.status >= 500) {
      // A 5xx body is the simple shape: its message tells the codes apart.
      const { error } = JSON.parse(text) as { error: string };
      const label = `${write ? 'write' : 'read'} ${response.status} ${response.headers.get('retry-after') ?? '-'} ${error}`;
      add(tally.failures, label);
    }
    if (write && response.status === 201)
      tally.created.push(new URL(response.headers.get('location')!, origin).pathname);
  };
  const loop = async (writer?: number) => {
    while (running) await once(writer).catch(() => void tally.unanswered++);
  };
  const loops = [
    ...Array.from({ length: options.readers }, () => loop()),
    ...Array.from({ length: options.writers }, (_, writer) => loop(writer)),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}

/**
 * What writer number `writer` of the zoo sends: two run units of work (a child and the check of its
 * parent, in collections of their own: writers of one collection in units still lose races, which
 * is not what these tests are about); the others add zoos, one statement each.
 */
export function zooWrites(writer: number, n: number): { path: string; body: unknown } {
  if (writer === 0)
    return {
      path: '/v1/zoos/1/animals',
      body: { name: `Kea ${n}`, species: 'Nestor notabilis', animalTypeId: 'bird' },
    };
  if (writer === 1)
    return { path: '/v1/employees/1/salaryStatements', body: { period: '2026-11', grossAmount: n, currency: 'EUR' } };
  return { path: '/v1/zoos', body: { name: `Zoo ${n}`, city: 'Berlin' } };
}
