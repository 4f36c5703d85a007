-- A database made by Chez Companion at commit 99df6f0 (schema up to m005, before archives were private):
-- table token 97X9-3SJRJNglSkKV0dDzQ, display key cznhAJuOi4za46XZfoCNL0CNVEXBvyqB; Ana (seat 1) beat Ben 20 to 3;
-- a stranger's visit to the front page had already filled the archive row.
BEGIN TRANSACTION;
CREATE TABLE "_sqlite_migrations" (
   "id" INTEGER PRIMARY KEY,
   "migration_set" TEXT,
   "name" TEXT,
   "applied_at" TEXT
);
INSERT INTO "_sqlite_migrations" VALUES(1,'companion','m001_initial','2026-11-23 11:58:18.584895+00:00');
INSERT INTO "_sqlite_migrations" VALUES(2,'companion','m002_remembered','2026-11-23 11:58:18.593710+00:00');
INSERT INTO "_sqlite_migrations" VALUES(3,'companion','m003_spectators_and_archive','2026-11-23 11:58:18.598109+00:00');
INSERT INTO "_sqlite_migrations" VALUES(4,'companion','m004_event_steps','2026-11-23 11:58:18.601543+00:00');
INSERT INTO "_sqlite_migrations" VALUES(5,'companion','m005_action_fingerprints','2026-11-23 11:58:18.605673+00:00');
CREATE TABLE "actions" (
   "table_id" INTEGER,
   "action_id" TEXT,
   "seq" INTEGER, "fingerprint" TEXT,
   PRIMARY KEY ("table_id", "action_id")
);
INSERT INTO "actions" VALUES(1,'create-97X9-3SJRJNglSkKV0dDzQ',1,NULL);
INSERT INTO "actions" VALUES(1,'TF0A_VzjRAPAgyO-',2,'45e4b72db30c50dd378dc30e36117ddbbd30e53b75875db9ab860bada60ab33b');
INSERT INTO "actions" VALUES(1,'lY8_Sc3xYi-yG2IQ',3,'2886a4f67fe3c04e614c178d21b1984e97151d1b93e04fdb1a203284b077e204');
INSERT INTO "actions" VALUES(1,'7Sl7kIyLufUZdnQd',4,'a963b8a9f3266dd3b72dabbe6fff62a31745d13b742f694ee8df76a5470e5a00');
INSERT INTO "actions" VALUES(1,'VdrTwj8hJ2_lDYXy',5,'06b0d9cb3615cb642e41a53a7aa382d500ca9c6057c7cef9f0e34f9078520658');
INSERT INTO "actions" VALUES(1,'QKFkh6Xp8uIiHaQJ',6,'6ac5dad5e6800aa40d624fca0ef181b3971768b1b64a4afabd3d9d75150906d5');
CREATE TABLE "archive" (
   "table_id" INTEGER PRIMARY KEY REFERENCES "tables"("id"),
   "version" INTEGER,
   "games" TEXT
);
INSERT INTO "archive" VALUES(1,6,'[{"number": 1, "game": "guevara", "winner": 1, "won_at": 1795435099.03897, "players": [{"seat": 1, "name": "Ana", "total": 20}, {"seat": 2, "name": "Ben", "total": 3}]}]');
CREATE TABLE "claims" (
   "table_id" INTEGER REFERENCES "tables"("id"),
   "seat" INTEGER,
   "key" TEXT,
   "claimed_at" REAL,
   PRIMARY KEY ("table_id", "seat")
);
INSERT INTO "claims" VALUES(1,1,'cbce0b6e9cdfb1d446803870e8880d86069b2a34724c26cb4fd2c566662a1164',1.79543509901328253745e+09);
INSERT INTO "claims" VALUES(1,2,'b1543db2d0844583900633021ae13a2465f7b3622c9c838c91f7d923852a28bf',1.79543509902189326286e+09);
CREATE TABLE "events" (
   "id" INTEGER PRIMARY KEY,
   "table_id" INTEGER REFERENCES "tables"("id"),
   "seq" INTEGER,
   "type" TEXT,
   "seat" INTEGER,
   "actor" TEXT,
   "args" TEXT,
   "at" REAL
, "step" INTEGER);
INSERT INTO "events" VALUES(1,1,1,'table_created',NULL,'display','{"game": "guevara", "seats": 2, "language": "en"}',1.7954350990039887429e+09,1);
INSERT INTO "events" VALUES(2,1,2,'seat_joined',1,'seat:1','{"name": "Ana"}',1.79543509901328253745e+09,2);
INSERT INTO "events" VALUES(3,1,3,'seat_joined',2,'seat:2','{"name": "Ben"}',1.79543509902189326286e+09,3);
INSERT INTO "events" VALUES(4,1,4,'slack_adjusted',1,'display','{"delta": 5}',1.79543509902702927592e+09,4);
INSERT INTO "events" VALUES(5,1,5,'slack_adjusted',2,'display','{"delta": 3}',1.79543509903520774845e+09,5);
INSERT INTO "events" VALUES(6,1,6,'slack_adjusted',1,'display','{"delta": 15}',1795435099.03897,6);
CREATE TABLE "remembered" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT,
   "updated_at" REAL
);
CREATE TABLE "tables" (
   "id" INTEGER PRIMARY KEY,
   "token" TEXT NOT NULL,
   "display_key" TEXT NOT NULL,
   "join_code" TEXT NOT NULL,
   "game" TEXT,
   "language" TEXT,
   "created_at" REAL
, "spectator_key" TEXT);
INSERT INTO "tables" VALUES(1,'97X9-3SJRJNglSkKV0dDzQ','8be16853459b097697b880a4bdeb6b0aaf9b0e179dd415b77a5b5044224e184b','HX2QKS','guevara','en',1.79543509900227928163e+09,NULL);
CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"
    ON "_sqlite_migrations" ("migration_set", "name");
CREATE UNIQUE INDEX "idx_tables_token"
    ON "tables" ("token");
CREATE UNIQUE INDEX "idx_tables_join_code"
    ON "tables" ("join_code");
CREATE UNIQUE INDEX "idx_events_table_id_seq"
    ON "events" ("table_id", "seq");
CREATE UNIQUE INDEX "idx_tables_spectator_key"
    ON "tables" ("spectator_key");
COMMIT;
