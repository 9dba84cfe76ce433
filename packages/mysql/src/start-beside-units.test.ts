import type { Thing } from '@corral/core/testing';
import { startBesideUnitsCases } from '@corral/sql/testing';
import type mysql from 'mysql2/promise';
import { mysqlDatabase } from './database.js';
import { testDatabases } from './testing/databases.js';
import { mysqlServerAvailable } from './testing/server.js';

const databases = testDatabases();

startBesideUnitsCases(await mysqlServerAvailable(), async (label) => {
  const { url } = await databases.make(label);
  const opened: ReturnType<typeof mysqlDatabase>[] = [];
  return {
    async start(init) {
      const database = mysqlDatabase({ connectionString: url });
      opened.push(database);
      const things = database.store<Thing & { colour?: string }>();
      await things.init?.(init);
      return { database, things };
    },
    // When each trigger was made: a start that changes nothing replaces none.
    async schemaMarks() {
      const [rows] = await opened[0]!.pool.query<mysql.RowDataPacket[]>(
        'SELECT TRIGGER_NAME AS name, CAST(CREATED AS CHAR(30)) AS made FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME',
      );
      return rows;
    },
  };
});
