import { routerCases } from './common.case.test.js';
import { LinearRouter } from './linear-router.js';

routerCases('LinearRouter', () => new LinearRouter<string>());
