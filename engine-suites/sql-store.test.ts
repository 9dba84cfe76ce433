// The suite every SQL store passes (columns and counts the database and the API agree on), on every engine.
import { forEachEngine, sqlStoreCases } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => sqlStoreCases(engine.name, () => engine.sql()));
