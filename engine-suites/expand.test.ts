// The expansion cases every SQL store passes, on every engine.
import { expandCases, forEachEngine } from '@corral/sql/testing';
import { engines } from './engines.js';

await forEachEngine(engines(), (engine) => expandCases(engine.name, () => engine.expand()));
