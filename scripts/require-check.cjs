// The packages are ESM first; Node 22.12+ can require() ES modules, so CommonJS users can load
// them too. This file is CommonJS on purpose: it requires every built package and checks that
// its public names arrive (run by `npm run lint`, after the build).
const assert = require('node:assert/strict');

const expected = {
  '@corral/errors': ['ApiError'],
  '@corral/links': ['selfLink', 'rootDocument'],
  '@corral/pagination': ['parsePaging'],
  '@corral/versioning': ['createVersioning'],
  '@corral/core': ['createApi', 'defineCollection', 'memoryStore'],
  '@corral/core/node': ['createApiServer', 'stopGracefully'],
  '@corral/sql': ['tableMapOf', 'listPage'],
  '@corral/sqlite': ['sqliteDatabase'],
  '@corral/postgres': ['postgresDatabase'],
  '@corral/mysql': ['mysqlDatabase'],
  '@corral/opentelemetry': ['telemetry'],
  '@corral/rate-limit': ['rateLimit', 'memoryRateLimits', 'postgresRateLimits', 'redisRateLimits', 'limitNodeHandler'],
  '@corral/webhooks': ['signWebhook', 'checkDestination', 'sendWebhook', 'nextAttempt'],
  '@corral/openapi': ['openApi'],
  '@corral/oauth': ['oauth'],
  '@corral/auth-server': ['createAuthorizationServer'],
  '@corral/admin': ['admin'],
  '@corral/client': ['createClient', 'CorralClientError'],
};
for (const [name, names] of Object.entries(expected)) {
  const loaded = require(name);
  for (const exported of names)
    assert.equal(typeof loaded[exported], 'function', `${name} gives ${exported} to require()`);
}
console.log(`require(): ${Object.keys(expected).length} packages load from CommonJS`);
