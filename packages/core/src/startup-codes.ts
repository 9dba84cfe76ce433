import { defineStartupCodes } from '@corral/errors';

/**
 * The startup codes of core: declarations of collections, operations and relations, createApi's
 * options, and store mistakes that the database stores and the rate-limit counters make too.
 */
export const coreStartupCodes = defineStartupCodes('@corral/core', {
  CORRAL_INVALID_NAME: 'A collection or operation name cannot be used as a URL segment.',
  CORRAL_DUPLICATE_NAME: 'Two collections or operations of one API version share a name.',
  CORRAL_RESERVED_NAME: 'A collection or operation takes a name the framework serves itself (errors, jobs).',
  CORRAL_UNKNOWN_FIELD: 'A collection option names a field its schema does not have.',
  CORRAL_RESERVED_PARAMETER: 'A filter takes the name of a paging, sorting or search parameter.',
  CORRAL_INVALID_FILTER_OPERATOR:
    'A filter allows no operator, an unknown one, or a comparison its field has no order for.',
  CORRAL_STORE_LACKS_FEATURE:
    'A collection asks its store for a list feature (comparison filters) the store does not declare.',
  CORRAL_INVALID_RELATION: 'A relation is declared with an unusable name, field or target collection.',
  CORRAL_RELATION_NOT_IN_VERSION: 'A relation leads to a collection the same API version does not serve.',
  CORRAL_RESERVED_FIELD: 'A schema declares a field the server sets itself (id, links).',
  CORRAL_PARENT_KEY_NOT_IN_SCHEMA: 'A nested collection reachable at the top level lacks its parent key in its schema.',
  CORRAL_PARENT_NOT_IN_VERSION: 'A collection is nested below a collection the same API version does not serve.',
  CORRAL_INVALID_COUNT_POLICY: 'A collection count policy has an unusable threshold.',
  CORRAL_INVALID_UNIQUE_KEY: 'A unique key of a collection names no field, or one field twice.',
  CORRAL_NOT_SEARCHABLE: 'A search operation covers a collection that declares no searchable fields.',
  CORRAL_CONFLICTING_VERSION_OPTIONS:
    'createApi received both `versions` and a single version (`version`, `collections`, `operations`).',
  CORRAL_INVALID_BULK_LIMIT: 'The bulk limit is not a whole number of at least 1.',
  CORRAL_INVALID_EXPAND_OPTION:
    'The expand options are out of range (maxDepth 1 to 5, childLimit 1 to the largest page).',
  CORRAL_DUPLICATE_ROUTE: 'The same method and path are declared twice in one router.',
  CORRAL_DANGLING_PARENT_KEY: 'Stored records name parent records that do not exist (found by api.ready()).',
  CORRAL_NODE_ONLY: 'A node:http feature (listen, nodeHandler, a server) was used on a runtime without node:http.',
  CORRAL_INVALID_OPERATION: "An operation's method and body schema do not go together.",
  CORRAL_INVALID_HEALTH_OPTION:
    'The health or readiness path, or the readiness timeout, given to createApi is not usable.',
  CORRAL_INVALID_CORS_OPTION:
    'An option of cors() is not usable: an origin that is not scheme://host[:port], a header name with forbidden characters, a max age that is not whole seconds, or credentials for every origin.',
  CORRAL_INVALID_IDEMPOTENCY_OPTION:
    'A duration given to idempotency() (its window or lease) is not a whole number of seconds of at least one.',
  CORRAL_INVALID_FEED_OPTION:
    'A feed option given to createApi (streamsPerClient, heartbeatInterval) is not a whole number of at least 1.',
  CORRAL_FOREIGN_TRANSACTION: 'A store was given a transaction of another database.',
  CORRAL_INVALID_TABLE_NAME: 'A database store cannot use a name as a table, schema or column name.',
  CORRAL_INVALID_SERVER_SETTING:
    'A server setting is not usable, such as a stream buffer that is not a whole number of bytes.',
  CORRAL_INVALID_TLS_OPTION:
    "The TLS options of a server are not usable: a certificate or key that is missing or not PEM, a key that is not the certificate's (or a wrong passphrase), or an unusable HSTS setting.",
});
