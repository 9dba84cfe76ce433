import type { Thing } from '@corral/core/testing';
import { startBesideUnitsCases } from '@corral/sql/testing';
import { afterAll } from 'vitest';
import { postgresDatabase } from './database.js';
import { dropSchemas, freshSchemaName, serverAvailable, testDatabaseUrl } from './testing/server.js';

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

startBesideUnitsCases(await serverAvailable(), async (label) => {
  const schema = freshSchemaName(label);
  schemas.push(schema);
  const opened: ReturnType<typeof postgresDatabase>[] = [];
  return {
    async start(init) {
      const database = postgresDatabase({ connectionString: testDatabaseUrl, schema });
      opened.push(database);
      const things = database.store<Thing & { colour?: string }>();
      await things.init?.(init);
      return { database, things };
    },
    // Each trigger's row version (xmin): replacing a trigger writes a new one.
    async schemaMarks() {
      const { rows } = await opened[0]!.pool.query(
        `SELECT tgname, xmin::text AS made FROM pg_trigger WHERE tgrelid = $1::regclass ORDER BY tgname`,
        [`"${schema}".things`],
      );
      return rows;
    },
  };
});
