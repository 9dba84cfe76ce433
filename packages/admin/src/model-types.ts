/** A JSON Schema (draft 2020-12), as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** A filter of a list as the admin offers it: the query parameter, the field and its operators. */
export interface AdminFilter {
  /** Query parameter, e.g. `year_of_birth`. */
  readonly param: string;
  /** Field of the record it compares. */
  readonly field: string;
  /** Operators it answers to (`eq`, `in`, `gt`...). */
  readonly operators: readonly string[];
}

/** A relation `expand` can embed: one record, or a page of them. */
export interface AdminRelation {
  /** Link rel and expansion name. */
  readonly name: string;
  /** `one` for a to-one relation, `many` for the records below this one. */
  readonly kind: 'one' | 'many';
  /** The related collection's name. */
  readonly target: string;
}

/** What the admin knows of one collection, taken from its declaration. */
export interface AdminCollection {
  /** Name, as in its URLs. */
  readonly name: string;
  /** Human title. */
  readonly title: string;
  /** Path of its top-level list (version prefix included), when it has one. */
  readonly listPath: string | undefined;
  /** Pattern of its list below its parent, e.g. `/v1/employees/:parentId/salaryStatements`. */
  readonly nestedPattern: string | undefined;
  /** The parent collection's name, for nested collections. */
  readonly parent: string | undefined;
  /** Scope needed to read (none: any signed-in person). */
  readonly readScope: string | undefined;
  /** Scope needed to write. */
  readonly writeScope: string | undefined;
  /** The record as the API shows it. */
  readonly schema: JsonSchema;
  /** The body a create or a replace takes. */
  readonly inputSchema: JsonSchema;
  /** Declared filters. */
  readonly filters: readonly AdminFilter[];
  /** Fields the list sorts by. */
  readonly sortable: readonly string[];
  /** Whether the list takes a `query` search. */
  readonly searchable: boolean;
  /** Whether its store pages by cursor. */
  readonly cursor: boolean;
  /** Relations `expand` can embed. */
  readonly relations: readonly AdminRelation[];
}

/** One version of the API as the admin shows it. */
export interface AdminVersion {
  /** Its path prefix, e.g. `/v1`. */
  readonly prefix: string;
  /** Its collections, in declaration order. */
  readonly collections: readonly AdminCollection[];
}

/** How the admin signs people in: the issuer whose metadata names the endpoints, and the admin's client. */
export interface AdminSignIn {
  /** Issuer URL, or '' for an open API (no sign-in). */
  readonly issuer: string;
  /** Where the issuer's metadata is read, in order of preference. */
  readonly metadataUrls: readonly string[];
  /** The admin's client id at the issuer. */
  readonly clientId: string;
  /** The redirect URI registered for the admin. */
  readonly redirectUri: string;
  /** Scopes asked for at sign-in. */
  readonly scopes: readonly string[];
}

/** Everything the admin page loads at start: `<admin>/model.json`. */
export interface AdminModel {
  /** The API's title. */
  readonly title: string;
  /** The admin's own path (base path included), e.g. `/admin`. */
  readonly adminPath: string;
  /** The API's base path. */
  readonly basePath: string;
  /** Every version, newest last. */
  readonly versions: readonly AdminVersion[];
  /** How people sign in. */
  readonly signIn: AdminSignIn;
}
