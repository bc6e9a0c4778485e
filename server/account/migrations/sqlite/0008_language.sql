-- The language a player reads the site in (a code such as "ru"; empty
-- for the browser's own), kept so that it follows them to any browser.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
