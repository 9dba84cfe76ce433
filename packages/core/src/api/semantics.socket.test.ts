import { socketTransport } from '../testing/transport.js';
import { semanticsCases } from './semantics.case.test.js';

semanticsCases('socket on 127.0.0.1', socketTransport);
