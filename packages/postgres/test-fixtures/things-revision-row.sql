-- pg_dump --inserts of a schema the release before corral_counts made: things and parts in
-- columns (layout 2), each collection's revision and live count in one corral_revisions row (the
-- dump's session settings left out: every name in it is qualified).
CREATE SCHEMA corral_revision_row;
CREATE FUNCTION corral_revision_row.corral_next_version() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN NEW.version := OLD.version + 1; RETURN NEW; END $$;
CREATE FUNCTION corral_revision_row.corral_rows_deleted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN INSERT INTO corral_revision_row.corral_tombstones (collection, id) SELECT TG_ARGV[0], id::text FROM changed_rows ON CONFLICT DO NOTHING;
      UPDATE corral_revision_row.corral_revisions SET revision = revision + 1, live = live - (SELECT count(*) FROM changed_rows) WHERE collection = TG_ARGV[0] AND EXISTS (SELECT 1 FROM changed_rows); RETURN NULL; END $$;
CREATE FUNCTION corral_revision_row.corral_rows_inserted() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN UPDATE corral_revision_row.corral_revisions SET revision = revision + 1, live = live + (SELECT count(*) FROM changed_rows) WHERE collection = TG_ARGV[0] AND EXISTS (SELECT 1 FROM changed_rows); RETURN NULL; END $$;
CREATE FUNCTION corral_revision_row.corral_rows_truncated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN UPDATE corral_revision_row.corral_revisions SET revision = revision + 1, live = 0 WHERE collection = TG_ARGV[0]; RETURN NULL; END $$;
CREATE FUNCTION corral_revision_row.corral_rows_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN UPDATE corral_revision_row.corral_revisions SET revision = revision + 1 WHERE collection = TG_ARGV[0] AND EXISTS (SELECT 1 FROM changed_rows); RETURN NULL; END $$;
CREATE TABLE corral_revision_row.corral_revisions (
    collection text NOT NULL,
    revision bigint NOT NULL,
    live bigint
);
CREATE TABLE corral_revision_row.corral_tables (
    collection text NOT NULL,
    layout integer NOT NULL,
    table_name text,
    definition jsonb
);
CREATE TABLE corral_revision_row.corral_tombstones (
    collection text NOT NULL,
    id text NOT NULL
);
CREATE TABLE corral_revision_row.parts (
    id bigint NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    thing_id bigint NOT NULL,
    label text NOT NULL
);
ALTER TABLE corral_revision_row.parts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME corral_revision_row.parts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
CREATE TABLE corral_revision_row.things (
    id bigint NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    name text NOT NULL,
    legs bigint NOT NULL,
    kind text NOT NULL,
    wild boolean,
    tags jsonb,
    CONSTRAINT things_kind_values CHECK ((kind = ANY (ARRAY['cat'::text, 'dog'::text, 'eel'::text])))
);
ALTER TABLE corral_revision_row.things ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME corral_revision_row.things_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
INSERT INTO corral_revision_row.corral_revisions VALUES ('things', 6, 3);
INSERT INTO corral_revision_row.corral_revisions VALUES ('parts', 2, 2);
INSERT INTO corral_revision_row.corral_tables VALUES ('things', 2, 'things', '[{"column": "name", "storage": "text", "required": true}, {"column": "legs", "storage": "integer", "required": true}, {"column": "kind", "values": ["cat", "dog", "eel"], "storage": "text", "required": true}, {"column": "wild", "storage": "boolean", "required": false}, {"column": "tags", "storage": "json", "required": false}]');
INSERT INTO corral_revision_row.corral_tables VALUES ('parts', 2, 'parts', '[{"column": "thing_id", "storage": "integer", "required": true, "references": {"table": "things", "column": "id", "onDelete": "cascade"}}, {"column": "label", "storage": "text", "required": true}]');
INSERT INTO corral_revision_row.corral_tombstones VALUES ('things', '3');
INSERT INTO corral_revision_row.parts OVERRIDING SYSTEM VALUE VALUES (1, 1, 1, 'leg');
INSERT INTO corral_revision_row.parts OVERRIDING SYSTEM VALUE VALUES (2, 1, 1, 'eye');
INSERT INTO corral_revision_row.things OVERRIDING SYSTEM VALUE VALUES (1, 1, 'Ant', 6, 'cat', NULL, NULL);
INSERT INTO corral_revision_row.things OVERRIDING SYSTEM VALUE VALUES (4, 1, 'Dog', 4, 'dog', NULL, NULL);
INSERT INTO corral_revision_row.things OVERRIDING SYSTEM VALUE VALUES (2, 2, 'Bee', 5, 'dog', NULL, NULL);
SELECT pg_catalog.setval('corral_revision_row.parts_id_seq', 2, true);
SELECT pg_catalog.setval('corral_revision_row.things_id_seq', 4, true);
ALTER TABLE ONLY corral_revision_row.corral_revisions
    ADD CONSTRAINT corral_revisions_pkey PRIMARY KEY (collection);
ALTER TABLE ONLY corral_revision_row.corral_tables
    ADD CONSTRAINT corral_tables_pkey PRIMARY KEY (collection);
ALTER TABLE ONLY corral_revision_row.corral_tombstones
    ADD CONSTRAINT corral_tombstones_pkey PRIMARY KEY (collection, id);
ALTER TABLE ONLY corral_revision_row.parts
    ADD CONSTRAINT parts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY corral_revision_row.things
    ADD CONSTRAINT things_pkey PRIMARY KEY (id);
CREATE INDEX parts_by_label ON corral_revision_row.parts USING btree (label COLLATE "C", id);
CREATE INDEX parts_by_search_label ON corral_revision_row.parts USING gin (lower(label) public.gin_trgm_ops);
CREATE INDEX parts_by_thing_id ON corral_revision_row.parts USING btree (thing_id, id);
CREATE INDEX parts_by_thing_id_label ON corral_revision_row.parts USING btree (thing_id, label COLLATE "C", id);
CREATE INDEX things_by_kind ON corral_revision_row.things USING btree (kind, id);
CREATE INDEX things_by_kind_legs ON corral_revision_row.things USING btree (kind, legs, id);
CREATE INDEX things_by_kind_name ON corral_revision_row.things USING btree (kind, name COLLATE "C", id);
CREATE INDEX things_by_legs ON corral_revision_row.things USING btree (legs, id);
CREATE INDEX things_by_legs_name ON corral_revision_row.things USING btree (legs, name COLLATE "C", id);
CREATE INDEX things_by_name ON corral_revision_row.things USING btree (name COLLATE "C", id);
CREATE INDEX things_by_search_kind ON corral_revision_row.things USING gin (lower(kind) public.gin_trgm_ops);
CREATE INDEX things_by_search_name ON corral_revision_row.things USING gin (lower(name) public.gin_trgm_ops);
CREATE INDEX things_by_wild ON corral_revision_row.things USING btree (wild, id);
CREATE INDEX things_by_wild_legs ON corral_revision_row.things USING btree (wild, legs, id);
CREATE INDEX things_by_wild_name ON corral_revision_row.things USING btree (wild, name COLLATE "C", id);
CREATE TRIGGER parts_corral_deleted AFTER DELETE ON corral_revision_row.parts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_deleted('parts');
CREATE TRIGGER parts_corral_inserted AFTER INSERT ON corral_revision_row.parts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_inserted('parts');
CREATE TRIGGER parts_corral_truncated AFTER TRUNCATE ON corral_revision_row.parts FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_truncated('parts');
CREATE TRIGGER parts_corral_updated AFTER UPDATE ON corral_revision_row.parts REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_updated('parts');
CREATE TRIGGER parts_corral_versioned BEFORE UPDATE ON corral_revision_row.parts FOR EACH ROW WHEN ((new.version = old.version)) EXECUTE FUNCTION corral_revision_row.corral_next_version();
CREATE TRIGGER things_corral_deleted AFTER DELETE ON corral_revision_row.things REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_deleted('things');
CREATE TRIGGER things_corral_inserted AFTER INSERT ON corral_revision_row.things REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_inserted('things');
CREATE TRIGGER things_corral_truncated AFTER TRUNCATE ON corral_revision_row.things FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_truncated('things');
CREATE TRIGGER things_corral_updated AFTER UPDATE ON corral_revision_row.things REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION corral_revision_row.corral_rows_updated('things');
CREATE TRIGGER things_corral_versioned BEFORE UPDATE ON corral_revision_row.things FOR EACH ROW WHEN ((new.version = old.version)) EXECUTE FUNCTION corral_revision_row.corral_next_version();
ALTER TABLE ONLY corral_revision_row.parts
    ADD CONSTRAINT parts_thing_id_parent FOREIGN KEY (thing_id) REFERENCES corral_revision_row.things(id) ON DELETE CASCADE;
