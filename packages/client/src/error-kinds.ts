/**
 * What a {@link CorralClientError} reports, for `switch (error.kind)`:
 *
 * - `http`: the API answered an error status (`status` is it; `errorCode`, `fieldErrors` from the body).
 * - `conflict`: a write answered 412 because the record changed meanwhile (a `ConflictError`).
 * - `network`: no answer: the connection was refused, reset or cut (`status` 0, `cause` the connection error).
 * - `timeout`: no answer in time: the dispatcher's connect, headers or body timeout passed (`status` 0).
 * - `aborted`: the call's `signal` aborted it, before the request, during it or while waiting to
 *   retry (`status` 0, `cause` the signal's reason).
 * - `token`: the authorization server gave no token: its token endpoint refused (`status` its
 *   answer's, `oauthError` the OAuth code such as `invalid_client`), or its metadata could not be read.
 * - `configuration`: the client's settings do not fit: a bad `baseUrl` or `issuer`, issuer metadata
 *   naming another issuer, a collection the root document does not name.
 * - `usage`: a call refused before anything was sent: a rel the document does not link, a record
 *   of another collection, a URL on a host neither `baseUrl` nor the API named, a listed filter value with a comma.
 * - `protocol`: the API answered, but not as the conventions promise (a list without its envelope,
 *   a feed's answer that is no event stream).
 */
export type ClientErrorKind =
  | 'http'
  | 'conflict'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'token'
  | 'configuration'
  | 'usage'
  | 'protocol';
