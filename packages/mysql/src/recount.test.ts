import { thingsInit, type Thing } from '@corral/core/testing';
import { describe, expect, it } from 'vitest';
import { mysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable } from './testing/server.js';

const databases = testDatabases();

describe.runIf(await mysqlServerAvailable())('the live count after writes its triggers missed', () => {
  it('is counted anew at the next start, even when the start that put the triggers back stopped before counting', async () => {
    const { name, url } = await databases.make('recount_due');
    const first = mysqlDatabase({ connectionString: url });
    const things = first.store<Thing>();
    await things.init?.(thingsInit);
    await things.create({ name: 'Same', legs: 4, kind: 'cat' });
    await things.create({ name: 'Same', legs: 3, kind: 'cat' });
    // As a version that replaced triggers by dropping them could leave it: a write goes uncounted.
    await databases.outside(name, 'DROP TRIGGER things_corral_inserted');
    await databases.outside(name, `INSERT INTO things (name, legs, kind) VALUES ('Uncounted', 2, 'dog')`);
    await first.close();
    // This start puts the trigger back, then stops: the new unique key is refused (two rows share a name).
    const refused = mysqlDatabase({ connectionString: url });
    await expect(refused.store<Thing>().init?.({ ...thingsInit, unique: [['name']] })).rejects.toThrow(/name/);
    await refused.close();
    const next = mysqlDatabase({ connectionString: url });
    const again = next.store<Thing>();
    await again.init?.(thingsInit);
    expect((await again.list({ offset: 0, limit: 0 })).total).toBe(3);
    await next.close();
  });
});
