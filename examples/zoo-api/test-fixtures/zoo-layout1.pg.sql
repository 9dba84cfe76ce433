--
-- PostgreSQL database dump
--

\restrict Vr04HgF3wgUrYdorOq5LyEStsekpyH99x4jRVuFguwQDQGTuOiA44ilOZ0P4s0E

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
-- Name: zoo_layout1; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA zoo_layout1;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: animals; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.animals (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_species text,
    "search_animalTypeId" text
);


--
-- Name: animals_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1.animals ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1.animals_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: corral_jobs; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.corral_jobs (
    id uuid NOT NULL,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    scope text,
    subject text,
    request jsonb NOT NULL,
    result jsonb,
    lease_until timestamp with time zone,
    attempts integer DEFAULT 0 NOT NULL
);


--
-- Name: corral_rate_limits; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.corral_rate_limits (
    key text NOT NULL,
    count integer NOT NULL,
    ends_at timestamp with time zone NOT NULL
);


--
-- Name: corral_revisions; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.corral_revisions (
    collection text NOT NULL,
    revision bigint NOT NULL,
    live bigint
);


--
-- Name: corral_tables; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.corral_tables (
    collection text NOT NULL,
    layout integer NOT NULL
);


--
-- Name: customers; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.customers (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_email text,
    search_city text
);


--
-- Name: customers_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1.customers ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1.customers_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: employees; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.employees (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_state text,
    search_maturity text
);


--
-- Name: employees_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1.employees ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1.employees_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: salaryStatements; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1."salaryStatements" (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_period text,
    search_currency text
);


--
-- Name: salaryStatements_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1."salaryStatements" ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1."salaryStatements_seq_seq"
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: suppliers; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.suppliers (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_email text,
    search_city text
);


--
-- Name: suppliers_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1.suppliers ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1.suppliers_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: zoos; Type: TABLE; Schema: zoo_layout1; Owner: -
--

CREATE TABLE zoo_layout1.zoos (
    seq bigint NOT NULL,
    version integer NOT NULL,
    deleted boolean DEFAULT false NOT NULL,
    data jsonb,
    search_name text,
    search_city text
);


--
-- Name: zoos_seq_seq; Type: SEQUENCE; Schema: zoo_layout1; Owner: -
--

ALTER TABLE zoo_layout1.zoos ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME zoo_layout1.zoos_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Data for Name: animals; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"name": "Leo", "zooId": "1", "species": "lion", "yearOfBirth": 2005, "animalTypeId": "mammal"}', 'leo', 'lion', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (2, 1, false, '{"name": "Stripes", "zooId": "2", "species": "tiger", "yearOfBirth": 2012, "animalTypeId": "mammal"}', 'stripes', 'tiger', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"name": "Dumbo", "zooId": "3", "species": "elephant", "yearOfBirth": 2019, "animalTypeId": "mammal"}', 'dumbo', 'elephant', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"name": "Gerry", "zooId": "4", "species": "giraffe", "yearOfBirth": 2007, "animalTypeId": "mammal"}', 'gerry', 'giraffe', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"name": "Pingu", "zooId": "5", "species": "penguin", "yearOfBirth": 2014, "animalTypeId": "bird"}', 'pingu', 'penguin', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"name": "Rio", "zooId": "1", "species": "parrot", "yearOfBirth": 2021, "animalTypeId": "bird"}', 'rio', 'parrot', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (7, 1, false, '{"name": "Flame", "zooId": "2", "species": "flamingo", "yearOfBirth": 2009, "animalTypeId": "bird"}', 'flame', 'flamingo', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (8, 1, false, '{"name": "Shelly", "zooId": "3", "species": "turtle", "yearOfBirth": 2016, "animalTypeId": "reptile"}', 'shelly', 'turtle', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (9, 1, false, '{"name": "Kaa", "zooId": "4", "species": "python", "yearOfBirth": 2023, "animalTypeId": "reptile"}', 'kaa', 'python', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (10, 1, false, '{"name": "Rex", "zooId": "5", "species": "crocodile", "yearOfBirth": 2011, "animalTypeId": "reptile"}', 'rex', 'crocodile', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (11, 1, false, '{"name": "Hopper", "zooId": "1", "species": "frog", "yearOfBirth": 2018, "animalTypeId": "amphibian"}', 'hopper', 'frog', 'amphibian');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (12, 1, false, '{"name": "Axel", "zooId": "2", "species": "axolotl", "yearOfBirth": 2006, "animalTypeId": "amphibian"}', 'axel', 'axolotl', 'amphibian');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (13, 1, false, '{"name": "Nemo", "zooId": "3", "species": "clownfish", "yearOfBirth": 2013, "animalTypeId": "fish"}', 'nemo', 'clownfish', 'fish');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (14, 1, false, '{"name": "Bruce", "zooId": "4", "species": "shark", "yearOfBirth": 2020, "animalTypeId": "fish"}', 'bruce', 'shark', 'fish');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (15, 1, false, '{"name": "Buzz", "zooId": "5", "species": "bee", "yearOfBirth": 2008, "animalTypeId": "insect"}', 'buzz', 'bee', 'insect');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (16, 1, false, '{"name": "Atlas", "zooId": "1", "species": "beetle", "yearOfBirth": 2015, "animalTypeId": "insect"}', 'atlas', 'beetle', 'insect');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (17, 1, false, '{"name": "Leo 2", "zooId": "2", "species": "lion", "yearOfBirth": 2022, "animalTypeId": "mammal"}', 'leo 2', 'lion', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (18, 1, false, '{"name": "Stripes 2", "zooId": "3", "species": "tiger", "yearOfBirth": 2010, "animalTypeId": "mammal"}', 'stripes 2', 'tiger', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (19, 1, false, '{"name": "Dumbo 2", "zooId": "4", "species": "elephant", "yearOfBirth": 2017, "animalTypeId": "mammal"}', 'dumbo 2', 'elephant', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (20, 1, false, '{"name": "Gerry 2", "zooId": "5", "species": "giraffe", "yearOfBirth": 2005, "animalTypeId": "mammal"}', 'gerry 2', 'giraffe', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (21, 1, false, '{"name": "Pingu 2", "zooId": "1", "species": "penguin", "yearOfBirth": 2012, "animalTypeId": "bird"}', 'pingu 2', 'penguin', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (22, 1, false, '{"name": "Rio 2", "zooId": "2", "species": "parrot", "yearOfBirth": 2019, "animalTypeId": "bird"}', 'rio 2', 'parrot', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (23, 1, false, '{"name": "Flame 2", "zooId": "3", "species": "flamingo", "yearOfBirth": 2007, "animalTypeId": "bird"}', 'flame 2', 'flamingo', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (24, 1, false, '{"name": "Shelly 2", "zooId": "4", "species": "turtle", "yearOfBirth": 2014, "animalTypeId": "reptile"}', 'shelly 2', 'turtle', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (25, 1, false, '{"name": "Kaa 2", "zooId": "5", "species": "python", "yearOfBirth": 2021, "animalTypeId": "reptile"}', 'kaa 2', 'python', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (26, 1, false, '{"name": "Rex 2", "zooId": "1", "species": "crocodile", "yearOfBirth": 2009, "animalTypeId": "reptile"}', 'rex 2', 'crocodile', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (27, 1, false, '{"name": "Hopper 2", "zooId": "2", "species": "frog", "yearOfBirth": 2016, "animalTypeId": "amphibian"}', 'hopper 2', 'frog', 'amphibian');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (28, 1, false, '{"name": "Axel 2", "zooId": "3", "species": "axolotl", "yearOfBirth": 2023, "animalTypeId": "amphibian"}', 'axel 2', 'axolotl', 'amphibian');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (29, 1, false, '{"name": "Nemo 2", "zooId": "4", "species": "clownfish", "yearOfBirth": 2011, "animalTypeId": "fish"}', 'nemo 2', 'clownfish', 'fish');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (30, 1, false, '{"name": "Bruce 2", "zooId": "5", "species": "shark", "yearOfBirth": 2018, "animalTypeId": "fish"}', 'bruce 2', 'shark', 'fish');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (31, 1, false, '{"name": "Buzz 2", "zooId": "1", "species": "bee", "yearOfBirth": 2006, "animalTypeId": "insect"}', 'buzz 2', 'bee', 'insect');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (32, 1, false, '{"name": "Atlas 2", "zooId": "2", "species": "beetle", "yearOfBirth": 2013, "animalTypeId": "insect"}', 'atlas 2', 'beetle', 'insect');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (33, 1, false, '{"name": "Leo 3", "zooId": "3", "species": "lion", "yearOfBirth": 2020, "animalTypeId": "mammal"}', 'leo 3', 'lion', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (34, 1, false, '{"name": "Stripes 3", "zooId": "4", "species": "tiger", "yearOfBirth": 2008, "animalTypeId": "mammal"}', 'stripes 3', 'tiger', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (35, 1, false, '{"name": "Dumbo 3", "zooId": "5", "species": "elephant", "yearOfBirth": 2015, "animalTypeId": "mammal"}', 'dumbo 3', 'elephant', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (36, 1, false, '{"name": "Gerry 3", "zooId": "1", "species": "giraffe", "yearOfBirth": 2022, "animalTypeId": "mammal"}', 'gerry 3', 'giraffe', 'mammal');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (37, 1, false, '{"name": "Pingu 3", "zooId": "2", "species": "penguin", "yearOfBirth": 2010, "animalTypeId": "bird"}', 'pingu 3', 'penguin', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (38, 1, false, '{"name": "Rio 3", "zooId": "3", "species": "parrot", "yearOfBirth": 2017, "animalTypeId": "bird"}', 'rio 3', 'parrot', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (39, 1, false, '{"name": "Flame 3", "zooId": "4", "species": "flamingo", "yearOfBirth": 2005, "animalTypeId": "bird"}', 'flame 3', 'flamingo', 'bird');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (40, 1, false, '{"name": "Shelly 3", "zooId": "5", "species": "turtle", "yearOfBirth": 2012, "animalTypeId": "reptile"}', 'shelly 3', 'turtle', 'reptile');
INSERT INTO zoo_layout1.animals OVERRIDING SYSTEM VALUE VALUES (41, 1, false, '{"name": "Kea", "zooId": "2", "species": "Nestor notabilis", "animalTypeId": "bird"}', 'kea', 'nestor notabilis', 'bird');


--
-- Data for Name: corral_jobs; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--



--
-- Data for Name: corral_rate_limits; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.corral_rate_limits VALUES ('token:addr:127.0.0.1', 1, '2026-11-24 05:18:26.4424+00');
INSERT INTO zoo_layout1.corral_rate_limits VALUES ('writes:client:zoo-admin', 6, '2026-11-24 05:18:26.552179+00');
INSERT INTO zoo_layout1.corral_rate_limits VALUES ('default:client:zoo-admin', 2, '2026-11-24 05:18:26.60362+00');


--
-- Data for Name: corral_revisions; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.corral_revisions VALUES ('zoos', 7, 6);
INSERT INTO zoo_layout1.corral_revisions VALUES ('animals', 41, 41);
INSERT INTO zoo_layout1.corral_revisions VALUES ('customers', 11, 9);
INSERT INTO zoo_layout1.corral_revisions VALUES ('employees', 32, 30);
INSERT INTO zoo_layout1.corral_revisions VALUES ('salaryStatements', 31, 27);
INSERT INTO zoo_layout1.corral_revisions VALUES ('suppliers', 8, 8);


--
-- Data for Name: corral_tables; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.corral_tables VALUES ('animals', 1);
INSERT INTO zoo_layout1.corral_tables VALUES ('employees', 1);
INSERT INTO zoo_layout1.corral_tables VALUES ('salaryStatements', 1);
INSERT INTO zoo_layout1.corral_tables VALUES ('zoos', 1);
INSERT INTO zoo_layout1.corral_tables VALUES ('customers', 1);
INSERT INTO zoo_layout1.corral_tables VALUES ('suppliers', 1);


--
-- Data for Name: customers; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"city": "Berlin", "name": "Lindenschule", "email": "contact@lindenschule.example"}', 'lindenschule', 'contact@lindenschule.example', 'berlin');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"city": "Paris", "name": "Ecole Jules Verne", "email": "contact@ecolejulesverne.example"}', 'ecole jules verne', 'contact@ecolejulesverne.example', 'paris');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"city": "Berlin", "name": "Kita Sonnenschein", "email": "contact@kitasonnenschein.example"}', 'kita sonnenschein', 'contact@kitasonnenschein.example', 'berlin');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"city": "Vienna", "name": "Alpine Travel", "email": "contact@alpinetravel.example"}', 'alpine travel', 'contact@alpinetravel.example', 'vienna');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"city": "Madrid", "name": "Colegio Cervantes", "email": "contact@colegiocervantes.example"}', 'colegio cervantes', 'contact@colegiocervantes.example', 'madrid');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (7, 1, false, '{"city": "Zurich", "name": "Zoo Friends Club", "email": "contact@zoofriendsclub.example"}', 'zoo friends club', 'contact@zoofriendsclub.example', 'zurich');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (8, 1, false, '{"city": "Paris", "name": "Nature Photo Guild", "email": "contact@naturephotoguild.example"}', 'nature photo guild', 'contact@naturephotoguild.example', 'paris');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (9, 1, false, '{"city": "Vienna", "name": "City Family Pass", "email": "contact@cityfamilypass.example"}', 'city family pass', 'contact@cityfamilypass.example', 'vienna');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (10, 1, false, '{"city": "Madrid", "name": "Wildlife Trust", "email": "contact@wildlifetrust.example"}', 'wildlife trust', 'contact@wildlifetrust.example', 'madrid');
INSERT INTO zoo_layout1.customers OVERRIDING SYSTEM VALUE VALUES (2, 2, true, NULL, NULL, NULL, NULL);


--
-- Data for Name: employees; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"name": "Ada Keller", "state": "external", "maturity": "junior", "yearOfBirth": 1960}', 'ada keller', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (2, 1, false, '{"name": "Bruno Tanaka", "state": "internal", "maturity": "senior", "yearOfBirth": 1973}', 'bruno tanaka', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"name": "Dmitri Moreau", "state": "external", "maturity": "junior", "yearOfBirth": 1999}', 'dmitri moreau', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"name": "Elif Silva", "state": "internal", "maturity": "senior", "yearOfBirth": 1967}', 'elif silva', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"name": "Farid Haddad", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1980}', 'farid haddad', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (7, 1, false, '{"name": "Greta Rossi", "state": "external", "maturity": "junior", "yearOfBirth": 1993}', 'greta rossi', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (8, 1, false, '{"name": "Hiro Weber", "state": "internal", "maturity": "senior", "yearOfBirth": 1961}', 'hiro weber', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (9, 1, false, '{"name": "Ines Berg", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1974}', 'ines berg', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (10, 1, false, '{"name": "Jonas Novak", "state": "external", "maturity": "junior", "yearOfBirth": 1987}', 'jonas novak', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (11, 1, false, '{"name": "Kemal Keller", "state": "internal", "maturity": "senior", "yearOfBirth": 2000}', 'kemal keller', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (12, 1, false, '{"name": "Lena Tanaka", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1968}', 'lena tanaka', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (13, 1, false, '{"name": "Ada Yilmaz", "state": "external", "maturity": "junior", "yearOfBirth": 1981}', 'ada yilmaz', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (14, 1, false, '{"name": "Bruno Moreau", "state": "internal", "maturity": "senior", "yearOfBirth": 1994}', 'bruno moreau', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (15, 1, false, '{"name": "Chiara Silva", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1962}', 'chiara silva', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (16, 1, false, '{"name": "Dmitri Haddad", "state": "external", "maturity": "junior", "yearOfBirth": 1975}', 'dmitri haddad', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (17, 1, false, '{"name": "Elif Rossi", "state": "internal", "maturity": "senior", "yearOfBirth": 1988}', 'elif rossi', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (18, 1, false, '{"name": "Farid Weber", "state": "internal", "maturity": "intermediate", "yearOfBirth": 2001}', 'farid weber', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (19, 1, false, '{"name": "Greta Berg", "state": "external", "maturity": "junior", "yearOfBirth": 1969}', 'greta berg', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (20, 1, false, '{"name": "Hiro Novak", "state": "internal", "maturity": "senior", "yearOfBirth": 1982}', 'hiro novak', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (21, 1, false, '{"name": "Ines Keller", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1995}', 'ines keller', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (22, 1, false, '{"name": "Jonas Tanaka", "state": "external", "maturity": "junior", "yearOfBirth": 1963}', 'jonas tanaka', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (23, 1, false, '{"name": "Kemal Yilmaz", "state": "internal", "maturity": "senior", "yearOfBirth": 1976}', 'kemal yilmaz', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (24, 1, false, '{"name": "Lena Moreau", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1989}', 'lena moreau', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (25, 1, false, '{"name": "Ada Silva", "state": "external", "maturity": "junior", "yearOfBirth": 2002}', 'ada silva', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (26, 1, false, '{"name": "Bruno Haddad", "state": "internal", "maturity": "senior", "yearOfBirth": 1970}', 'bruno haddad', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (27, 1, false, '{"name": "Chiara Rossi", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1983}', 'chiara rossi', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (28, 1, false, '{"name": "Dmitri Weber", "state": "external", "maturity": "junior", "yearOfBirth": 1996}', 'dmitri weber', 'external', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (29, 1, false, '{"name": "Elif Berg", "state": "internal", "maturity": "senior", "yearOfBirth": 1964}', 'elif berg', 'internal', 'senior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (30, 1, false, '{"name": "Farid Novak", "state": "internal", "maturity": "intermediate", "yearOfBirth": 1977}', 'farid novak', 'internal', 'intermediate');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (31, 1, false, '{"name": "Nora Frei", "state": "internal", "maturity": "junior", "yearOfBirth": 1991}', 'nora frei', 'internal', 'junior');
INSERT INTO zoo_layout1.employees OVERRIDING SYSTEM VALUE VALUES (3, 2, true, NULL, NULL, NULL, NULL);


--
-- Data for Name: salaryStatements; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "1", "grossAmount": 3800}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (2, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "1", "grossAmount": 3810}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "1", "grossAmount": 3820}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "2", "grossAmount": 4050}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "2", "grossAmount": 4060}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "2", "grossAmount": 4070}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (10, 1, false, '{"period": "2026-08", "currency": "CHF", "employeeId": "4", "grossAmount": 4550}', '2026-08', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (11, 1, false, '{"period": "2026-09", "currency": "CHF", "employeeId": "4", "grossAmount": 4560}', '2026-09', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (12, 1, false, '{"period": "2026-10", "currency": "CHF", "employeeId": "4", "grossAmount": 4570}', '2026-10', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (13, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "5", "grossAmount": 4800}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (14, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "5", "grossAmount": 4810}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (15, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "5", "grossAmount": 4820}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (16, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "6", "grossAmount": 5050}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (17, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "6", "grossAmount": 5060}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (18, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "6", "grossAmount": 5070}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (19, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "7", "grossAmount": 5300}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (20, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "7", "grossAmount": 5310}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (21, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "7", "grossAmount": 5320}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (22, 1, false, '{"period": "2026-08", "currency": "CHF", "employeeId": "8", "grossAmount": 5550}', '2026-08', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (23, 1, false, '{"period": "2026-09", "currency": "CHF", "employeeId": "8", "grossAmount": 5560}', '2026-09', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (24, 1, false, '{"period": "2026-10", "currency": "CHF", "employeeId": "8", "grossAmount": 5570}', '2026-10', 'chf');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (25, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "9", "grossAmount": 5800}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (26, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "9", "grossAmount": 5810}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (27, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "9", "grossAmount": 5820}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (28, 1, false, '{"period": "2026-08", "currency": "EUR", "employeeId": "10", "grossAmount": 6050}', '2026-08', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (29, 1, false, '{"period": "2026-09", "currency": "EUR", "employeeId": "10", "grossAmount": 6060}', '2026-09', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (30, 1, false, '{"period": "2026-10", "currency": "EUR", "employeeId": "10", "grossAmount": 6070}', '2026-10', 'eur');
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (7, 2, true, NULL, NULL, NULL);
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (8, 2, true, NULL, NULL, NULL);
INSERT INTO zoo_layout1."salaryStatements" OVERRIDING SYSTEM VALUE VALUES (9, 2, true, NULL, NULL, NULL);


--
-- Data for Name: suppliers; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"city": "Hamburg", "name": "Fresh Feed GmbH", "email": "orders@freshfeedgmbh.example"}', 'fresh feed gmbh', 'orders@freshfeedgmbh.example', 'hamburg');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (2, 1, false, '{"city": "Basel", "name": "VetCare AG", "email": "orders@vetcareag.example"}', 'vetcare ag', 'orders@vetcareag.example', 'basel');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"city": "Lyon", "name": "Aquatic Systems", "email": "orders@aquaticsystems.example"}', 'aquatic systems', 'orders@aquaticsystems.example', 'lyon');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"city": "Graz", "name": "Hay & Straw Co", "email": "orders@haystrawco.example"}', 'hay & straw co', 'orders@haystrawco.example', 'graz');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"city": "Valencia", "name": "Insect Farm Ltd", "email": "orders@insectfarmltd.example"}', 'insect farm ltd', 'orders@insectfarmltd.example', 'valencia');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"city": "Munich", "name": "Enclosure Works", "email": "orders@enclosureworks.example"}', 'enclosure works', 'orders@enclosureworks.example', 'munich');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (7, 1, false, '{"city": "Bremen", "name": "Fish Market Nord", "email": "orders@fishmarketnord.example"}', 'fish market nord', 'orders@fishmarketnord.example', 'bremen');
INSERT INTO zoo_layout1.suppliers OVERRIDING SYSTEM VALUE VALUES (8, 1, false, '{"city": "Seville", "name": "Green Fodder SA", "email": "orders@greenfoddersa.example"}', 'green fodder sa', 'orders@greenfoddersa.example', 'seville');


--
-- Data for Name: zoos; Type: TABLE DATA; Schema: zoo_layout1; Owner: -
--

INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (1, 1, false, '{"city": "Berlin", "name": "Berlin Zoological Garden"}', 'berlin zoological garden', 'berlin');
INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (3, 1, false, '{"city": "Vienna", "name": "Vienna Schoenbrunn Zoo"}', 'vienna schoenbrunn zoo', 'vienna');
INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (4, 1, false, '{"city": "Madrid", "name": "Madrid Zoo Aquarium"}', 'madrid zoo aquarium', 'madrid');
INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (5, 1, false, '{"city": "Paris", "name": "Paris Zoological Park"}', 'paris zoological park', 'paris');
INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (6, 1, false, '{"city": "Berlin", "name": "Tierpark"}', 'tierpark', 'berlin');
INSERT INTO zoo_layout1.zoos OVERRIDING SYSTEM VALUE VALUES (2, 2, false, '{"city": "Berlin-Friedrichsfelde", "name": "Zurich Zoo"}', 'zurich zoo', 'berlin-friedrichsfelde');


--
-- Name: animals_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1.animals_seq_seq', 41, true);


--
-- Name: customers_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1.customers_seq_seq', 10, true);


--
-- Name: employees_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1.employees_seq_seq', 31, true);


--
-- Name: salaryStatements_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1."salaryStatements_seq_seq"', 30, true);


--
-- Name: suppliers_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1.suppliers_seq_seq', 8, true);


--
-- Name: zoos_seq_seq; Type: SEQUENCE SET; Schema: zoo_layout1; Owner: -
--

SELECT pg_catalog.setval('zoo_layout1.zoos_seq_seq', 6, true);


--
-- Name: animals animals_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.animals
    ADD CONSTRAINT animals_pkey PRIMARY KEY (seq);


--
-- Name: corral_jobs corral_jobs_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.corral_jobs
    ADD CONSTRAINT corral_jobs_pkey PRIMARY KEY (id);


--
-- Name: corral_rate_limits corral_rate_limits_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.corral_rate_limits
    ADD CONSTRAINT corral_rate_limits_pkey PRIMARY KEY (key);


--
-- Name: corral_revisions corral_revisions_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.corral_revisions
    ADD CONSTRAINT corral_revisions_pkey PRIMARY KEY (collection);


--
-- Name: corral_tables corral_tables_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.corral_tables
    ADD CONSTRAINT corral_tables_pkey PRIMARY KEY (collection);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (seq);


--
-- Name: employees employees_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (seq);


--
-- Name: salaryStatements salaryStatements_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1."salaryStatements"
    ADD CONSTRAINT "salaryStatements_pkey" PRIMARY KEY (seq);


--
-- Name: suppliers suppliers_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.suppliers
    ADD CONSTRAINT suppliers_pkey PRIMARY KEY (seq);


--
-- Name: zoos zoos_pkey; Type: CONSTRAINT; Schema: zoo_layout1; Owner: -
--

ALTER TABLE ONLY zoo_layout1.zoos
    ADD CONSTRAINT zoos_pkey PRIMARY KEY (seq);


--
-- Name: animals_23ce4f693787; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_23ce4f693787 ON zoo_layout1.animals USING gin ("search_animalTypeId" public.gin_trgm_ops);


--
-- Name: animals_23f6d71483fb; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_23f6d71483fb ON zoo_layout1.animals USING btree (((data ->> 'animalTypeId'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: animals_2a0a0809945d; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_2a0a0809945d ON zoo_layout1.animals USING btree ((((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: animals_65d6345f7e1f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_65d6345f7e1f ON zoo_layout1.animals USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: animals_7ed24f306e74; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_7ed24f306e74 ON zoo_layout1.animals USING gin (search_species public.gin_trgm_ops);


--
-- Name: animals_954d83d1b252; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_954d83d1b252 ON zoo_layout1.animals USING btree (((data ->> 'zooId'::text)) COLLATE "C", ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: animals_972d216be88b; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_972d216be88b ON zoo_layout1.animals USING btree (((data ->> 'zooId'::text)) COLLATE "C", (((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: animals_9a205b89669e; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_9a205b89669e ON zoo_layout1.animals USING btree (((data ->> 'zooId'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: animals_c456a98e4090; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_c456a98e4090 ON zoo_layout1.animals USING btree (((data ->> 'animalTypeId'::text)) COLLATE "C", (((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: animals_e117fa4014c5; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_e117fa4014c5 ON zoo_layout1.animals USING gin (search_name public.gin_trgm_ops);


--
-- Name: animals_e46dbf6674c4; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX animals_e46dbf6674c4 ON zoo_layout1.animals USING btree (((data ->> 'animalTypeId'::text)) COLLATE "C", ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: corral_jobs_waiting; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX corral_jobs_waiting ON zoo_layout1.corral_jobs USING btree (created_at) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));


--
-- Name: customers_611a0bd4d7be; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX customers_611a0bd4d7be ON zoo_layout1.customers USING gin (search_city public.gin_trgm_ops);


--
-- Name: customers_65d6345f7e1f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX customers_65d6345f7e1f ON zoo_layout1.customers USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: customers_e117fa4014c5; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX customers_e117fa4014c5 ON zoo_layout1.customers USING gin (search_name public.gin_trgm_ops);


--
-- Name: customers_e953c4c076b7; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX customers_e953c4c076b7 ON zoo_layout1.customers USING gin (search_email public.gin_trgm_ops);


--
-- Name: employees_2540528c9832; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_2540528c9832 ON zoo_layout1.employees USING btree (((data ->> 'state'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: employees_2a0a0809945d; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_2a0a0809945d ON zoo_layout1.employees USING btree ((((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: employees_4a28ffa3024d; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_4a28ffa3024d ON zoo_layout1.employees USING btree (((data ->> 'state'::text)) COLLATE "C", ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: employees_65d6345f7e1f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_65d6345f7e1f ON zoo_layout1.employees USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: employees_6becb7ad780a; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_6becb7ad780a ON zoo_layout1.employees USING btree (((data ->> 'maturity'::text)) COLLATE "C", ((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: employees_99453e5660c2; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_99453e5660c2 ON zoo_layout1.employees USING btree (((data ->> 'maturity'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: employees_c2974a4b8afd; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_c2974a4b8afd ON zoo_layout1.employees USING btree (((data ->> 'state'::text)) COLLATE "C", (((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: employees_d4bd35bae758; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_d4bd35bae758 ON zoo_layout1.employees USING btree (((data ->> 'maturity'::text)) COLLATE "C", (((data ->> 'yearOfBirth'::text))::numeric), seq) WHERE (NOT deleted);


--
-- Name: employees_d827c71fca16; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_d827c71fca16 ON zoo_layout1.employees USING gin (search_maturity public.gin_trgm_ops);


--
-- Name: employees_e117fa4014c5; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_e117fa4014c5 ON zoo_layout1.employees USING gin (search_name public.gin_trgm_ops);


--
-- Name: employees_e765cdf0adc6; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX employees_e765cdf0adc6 ON zoo_layout1.employees USING gin (search_state public.gin_trgm_ops);


--
-- Name: salaryStatements_444f8234a220; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX "salaryStatements_444f8234a220" ON zoo_layout1."salaryStatements" USING btree (((data ->> 'employeeId'::text)) COLLATE "C", ((data ->> 'period'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: salaryStatements_b22dda278361; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX "salaryStatements_b22dda278361" ON zoo_layout1."salaryStatements" USING gin (search_period public.gin_trgm_ops);


--
-- Name: salaryStatements_b918cf54d43f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX "salaryStatements_b918cf54d43f" ON zoo_layout1."salaryStatements" USING btree (((data ->> 'employeeId'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: salaryStatements_e2c3cb8f0a4e; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX "salaryStatements_e2c3cb8f0a4e" ON zoo_layout1."salaryStatements" USING btree (((data ->> 'period'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: salaryStatements_f22952d9fee9; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX "salaryStatements_f22952d9fee9" ON zoo_layout1."salaryStatements" USING gin (search_currency public.gin_trgm_ops);


--
-- Name: suppliers_611a0bd4d7be; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX suppliers_611a0bd4d7be ON zoo_layout1.suppliers USING gin (search_city public.gin_trgm_ops);


--
-- Name: suppliers_65d6345f7e1f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX suppliers_65d6345f7e1f ON zoo_layout1.suppliers USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: suppliers_e117fa4014c5; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX suppliers_e117fa4014c5 ON zoo_layout1.suppliers USING gin (search_name public.gin_trgm_ops);


--
-- Name: suppliers_e953c4c076b7; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX suppliers_e953c4c076b7 ON zoo_layout1.suppliers USING gin (search_email public.gin_trgm_ops);


--
-- Name: zoos_611a0bd4d7be; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX zoos_611a0bd4d7be ON zoo_layout1.zoos USING gin (search_city public.gin_trgm_ops);


--
-- Name: zoos_65d6345f7e1f; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX zoos_65d6345f7e1f ON zoo_layout1.zoos USING btree (((data ->> 'name'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: zoos_cfa4410a1067; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX zoos_cfa4410a1067 ON zoo_layout1.zoos USING btree (((data ->> 'city'::text)) COLLATE "C", seq) WHERE (NOT deleted);


--
-- Name: zoos_e117fa4014c5; Type: INDEX; Schema: zoo_layout1; Owner: -
--

CREATE INDEX zoos_e117fa4014c5 ON zoo_layout1.zoos USING gin (search_name public.gin_trgm_ops);


--
-- Name: animals_314b366badd1; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.animals_314b366badd1 ON ((data ->> 'animalTypeId'::text) COLLATE "C") FROM zoo_layout1.animals;


--
-- Name: animals_356abd8157a3; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.animals_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM zoo_layout1.animals;


--
-- Name: animals_695d2d335496; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.animals_695d2d335496 ON ((data ->> 'zooId'::text) COLLATE "C") FROM zoo_layout1.animals;


--
-- Name: animals_cefc6a12a0d0; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.animals_cefc6a12a0d0 ON ((data ->> 'yearOfBirth'::text)::numeric) FROM zoo_layout1.animals;


--
-- Name: customers_356abd8157a3; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.customers_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM zoo_layout1.customers;


--
-- Name: employees_1491d497496f; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.employees_1491d497496f ON ((data ->> 'maturity'::text) COLLATE "C") FROM zoo_layout1.employees;


--
-- Name: employees_2a6d15cc44ce; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.employees_2a6d15cc44ce ON ((data ->> 'state'::text) COLLATE "C") FROM zoo_layout1.employees;


--
-- Name: employees_356abd8157a3; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.employees_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM zoo_layout1.employees;


--
-- Name: employees_cefc6a12a0d0; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.employees_cefc6a12a0d0 ON ((data ->> 'yearOfBirth'::text)::numeric) FROM zoo_layout1.employees;


--
-- Name: salaryStatements_03efc124ec62; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1."salaryStatements_03efc124ec62" ON ((data ->> 'employeeId'::text) COLLATE "C") FROM zoo_layout1."salaryStatements";


--
-- Name: salaryStatements_d41cc67d8d56; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1."salaryStatements_d41cc67d8d56" ON ((data ->> 'period'::text) COLLATE "C") FROM zoo_layout1."salaryStatements";


--
-- Name: suppliers_356abd8157a3; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.suppliers_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM zoo_layout1.suppliers;


--
-- Name: zoos_356abd8157a3; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.zoos_356abd8157a3 ON ((data ->> 'name'::text) COLLATE "C") FROM zoo_layout1.zoos;


--
-- Name: zoos_85f2d00eb7fc; Type: STATISTICS; Schema: zoo_layout1; Owner: -
--

CREATE STATISTICS zoo_layout1.zoos_85f2d00eb7fc ON ((data ->> 'city'::text) COLLATE "C") FROM zoo_layout1.zoos;


--
-- PostgreSQL database dump complete
--

\unrestrict Vr04HgF3wgUrYdorOq5LyEStsekpyH99x4jRVuFguwQDQGTuOiA44ilOZ0P4s0E

