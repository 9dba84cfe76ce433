--
-- PostgreSQL database dump
--

\restrict o2fd5Hf2JoszKIEonrqarzX0qdFyEuHZV0LO4FyHhe31ZnPRADKAunqdvitFvp5

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: corral_layout1; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA corral_layout1;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: corral_revisions; Type: TABLE; Schema: corral_layout1; Owner: -
--

CREATE TABLE corral_layout1.corral_revisions (
    collection text NOT NULL,
    revision bigint NOT NULL,
    live bigint
);


--
-- Name: corral_tables; Type: TABLE; Schema: corral_layout1; Owner: -
--

CREATE TABLE corral_layout1.corral_tables (
    collection text NOT NULL,
    layout integer NOT NULL
);


--
-- Name: parts; Type: TABLE; Schema: corral_layout1; Owner: -
--

CREATE TABLE corral_layout1.parts (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_label text
);


--
-- Name: parts_seq_seq; Type: SEQUENCE; Schema: corral_layout1; Owner: -
--

ALTER TABLE corral_layout1.parts ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME corral_layout1.parts_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: things; Type: TABLE; Schema: corral_layout1; Owner: -
--

CREATE TABLE corral_layout1.things (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_kind text
);


--
-- Name: things_seq_seq; Type: SEQUENCE; Schema: corral_layout1; Owner: -
--

ALTER TABLE corral_layout1.things ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME corral_layout1.things_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: corral_revisions; Type: TABLE DATA; Schema: corral_layout1; Owner: -
--

INSERT INTO corral_layout1.corral_revisions VALUES ('things', 6, 3);
INSERT INTO corral_layout1.corral_revisions VALUES ('parts', 4, 2);


--
-- Data for Name: corral_tables; Type: TABLE DATA; Schema: corral_layout1; Owner: -
--

INSERT INTO corral_layout1.corral_tables VALUES ('things', 1);
INSERT INTO corral_layout1.corral_tables VALUES ('parts', 1);


--
-- Data for Name: parts; Type: TABLE DATA; Schema: corral_layout1; Owner: -
--

INSERT INTO corral_layout1.parts OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"label": "whisker", "thingId": "1"}', 'whisker');
INSERT INTO corral_layout1.parts OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"label": "ear", "thingId": "4"}', 'ear');
INSERT INTO corral_layout1.parts OVERRIDING SYSTEM VALUE VALUES (2, 2, true, NULL, NULL);


--
-- Data for Name: things; Type: TABLE DATA; Schema: corral_layout1; Owner: -
--

INSERT INTO corral_layout1.things OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"kind": "cat", "legs": 4, "name": "Cat"}', 'cat', 'cat');
INSERT INTO corral_layout1.things OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"kind": "cat", "legs": 3, "name": "Zürich cat", "wild": true}', 'zürich cat', 'cat');
INSERT INTO corral_layout1.things OVERRIDING SYSTEM VALUE VALUES (2, 2, false, '{"kind": "dog", "legs": 3, "name": "Dog", "wild": false}', 'dog', 'dog');
INSERT INTO corral_layout1.things OVERRIDING SYSTEM VALUE VALUES (3, 2, true, NULL, NULL, NULL);


--
-- Name: parts_seq_seq; Type: SEQUENCE SET; Schema: corral_layout1; Owner: -
--

SELECT pg_catalog.setval('corral_layout1.parts_seq_seq', 3, true);


--
-- Name: things_seq_seq; Type: SEQUENCE SET; Schema: corral_layout1; Owner: -
--

SELECT pg_catalog.setval('corral_layout1.things_seq_seq', 4, true);


--
-- Name: corral_revisions corral_revisions_pkey; Type: CONSTRAINT; Schema: corral_layout1; Owner: -
--

ALTER TABLE ONLY corral_layout1.corral_revisions
    ADD CONSTRAINT corral_revisions_pkey PRIMARY KEY (collection);


--
-- Name: corral_tables corral_tables_pkey; Type: CONSTRAINT; Schema: corral_layout1; Owner: -
--

ALTER TABLE ONLY corral_layout1.corral_tables
    ADD CONSTRAINT corral_tables_pkey PRIMARY KEY (collection);


--
-- Name: parts parts_pkey; Type: CONSTRAINT; Schema: corral_layout1; Owner: -
--

ALTER TABLE ONLY corral_layout1.parts
    ADD CONSTRAINT parts_pkey PRIMARY KEY (seq);


--
-- Name: things things_pkey; Type: CONSTRAINT; Schema: corral_layout1; Owner: -
--

ALTER TABLE ONLY corral_layout1.things
    ADD CONSTRAINT things_pkey PRIMARY KEY (seq);


--
-- Name: parts_6c6c6010abed; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX parts_6c6c6010abed ON corral_layout1.parts USING btree (((data ->> 'label'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: parts_b4c4f1ca7e4b; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX parts_b4c4f1ca7e4b ON corral_layout1.parts USING gin (search_label public.gin_trgm_ops);


--
-- Name: parts_cf9f16a0844c; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX parts_cf9f16a0844c ON corral_layout1.parts USING btree (((data ->> 'thingId'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: parts_dc50c813b6ca; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX parts_dc50c813b6ca ON corral_layout1.parts USING btree (((data ->> 'thingId'::text)) COLLATE "C", ((data ->> 'label'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_17ab016a43a0; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_17ab016a43a0 ON corral_layout1.things USING btree ((((data ->> 'wild'::text))::boolean), ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_1ec105a42f15; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_1ec105a42f15 ON corral_layout1.things USING btree ((((data ->> 'wild'::text))::boolean), (((data ->> 'legs'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: things_633596506c3f; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_633596506c3f ON corral_layout1.things USING btree ((((data ->> 'legs'::text))::numeric), ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_65d6345f7e1f; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_65d6345f7e1f ON corral_layout1.things USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_74a1e10c9ca4; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_74a1e10c9ca4 ON corral_layout1.things USING btree ((((data ->> 'legs'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: things_7b4b88280aa5; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_7b4b88280aa5 ON corral_layout1.things USING btree (((data ->> 'kind'::text)) COLLATE "C", ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_7f9e377201b3; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_7f9e377201b3 ON corral_layout1.things USING gin (search_kind public.gin_trgm_ops);


--
-- Name: things_aaea829a2225; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_aaea829a2225 ON corral_layout1.things USING btree (((data ->> 'kind'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: things_b85e6b29feb6; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_b85e6b29feb6 ON corral_layout1.things USING btree (((data ->> 'kind'::text)) COLLATE "C", (((data ->> 'legs'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: things_d8b9177b59a6; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_d8b9177b59a6 ON corral_layout1.things USING btree ((((data ->> 'wild'::text))::boolean), seq) WHERE (NOT deleted);


--
-- Name: things_e117fa4014c5; Type: INDEX; Schema: corral_layout1; Owner: -
--

CREATE INDEX things_e117fa4014c5 ON corral_layout1.things USING gin (search_name public.gin_trgm_ops);


--
-- Name: parts_b6d9a4199780; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.parts_b6d9a4199780 ON ((data ->> 'label'::text) COLLATE "C") FROM corral_layout1.parts;


--
-- Name: parts_da55d3ae4238; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.parts_da55d3ae4238 ON ((data ->> 'thingId'::text) COLLATE "C") FROM corral_layout1.parts;


--
-- Name: things_356abd8157a3; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.things_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM corral_layout1.things;


--
-- Name: things_6f7b01319a3d; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.things_6f7b01319a3d ON ((data ->> 'wild'::text)::boolean) FROM corral_layout1.things;


--
-- Name: things_c475a9c28543; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.things_c475a9c28543 ON ((data ->> 'kind'::text) COLLATE "C") FROM corral_layout1.things;


--
-- Name: things_e822781b7996; Type: STATISTICS; Schema: corral_layout1; Owner: -
--

CREATE STATISTICS corral_layout1.things_e822781b7996 ON ((data ->> 'legs'::text)::numeric) FROM corral_layout1.things;


--
-- PostgreSQL database dump complete
--

\unrestrict o2fd5Hf2JoszKIEonrqarzX0qdFyEuHZV0LO4FyHhe31ZnPRADKAunqdvitFvp5

