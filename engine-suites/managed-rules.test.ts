// What the tables a store makes enforce beyond types: the schema's limits and declared unique keys, on every engine.
import { forEachEngine, managedRuleCases } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => managedRuleCases(engine.name, () => engine.sql()));
