package match

import (
	"strconv"

	"wyrm/record"
)

// writeRecord writes one game to cfg.PGN in the format of package record.
func writeRecord(cfg Config, r GameRecord) error {
	return record.Write(cfg.PGN, gameRecord(cfg, r))
}

// gameRecord is r as a record: the players by seat, the moves in the
// record's notation, the match's own words for the end in Reason.
func gameRecord(cfg Config, r GameRecord) *record.Record {
	info := cfg.Game.Info()
	rec := &record.Record{
		Event:       "wyrm match",
		Site:        "wyrm",
		Round:       strconv.Itoa(r.Index),
		Players:     r.Names,
		Results:     r.Results[:len(r.Names)],
		Termination: r.Termination,
		Reason:      r.Reason,
		Game:        info.Name,
		Variant:     info.Variant,
		Options:     r.Options,
		Start:       r.Start,
		Moves:       r.Text,
		Movers:      r.Movers,
	}
	if !r.Began.IsZero() {
		rec.Date = r.Began.UTC().Format("2006.01.02")
	}
	return rec
}
