import { thingsInit, type Thing } from '@corral/core/testing';
import { mysqlDatabase } from '@corral/mysql';
import { createTestDatabase, dropTestDatabases, freshDatabaseName } from '@corral/mysql/testing';
const name = freshDatabaseName('lat');
const url = await createTestDatabase(name);
const a = mysqlDatabase({ connectionString: url });
const b = mysqlDatabase({ connectionString: url });
const ta = a.store<Thing>();
const tb = b.store<Thing>();
await ta.init!(thingsInit);
await tb.init!(thingsInit);
const samples: number[] = [];
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 37 + Math.random() * 50));
  const woke = new Promise<number>((resolve) => {
    let t0 = 0;
    const stop = b.changes!.watch(() => {
      stop();
      resolve(performance.now() - t0);
    });
    setTimeout(async () => {
      await ta.create({ name: `x${i}`, legs: 1, kind: 'cat' });
      t0 = performance.now();
    }, 0);
  });
  samples.push(await woke);
}
samples.sort((x, y) => x - y);
console.log('p50', samples[20]!.toFixed(1), 'p90', samples[36]!.toFixed(1), 'max', samples[39]!.toFixed(1));
await a.close();
await b.close();
await dropTestDatabases([name]);
