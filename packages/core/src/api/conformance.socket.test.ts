import { socketTransport } from '../testing/transport.js';
import { conformanceCases } from './conformance.case.test.js';

conformanceCases('socket on 127.0.0.1', socketTransport);
