package play

import (
	"wyrm/game"
	"wyrm/server/editor"
)

// editorGames lends the board editor the play side's reading of games,
// options and records, so that what it writes a new game accepts.
type editorGames struct{ srv *Hall }

func (e editorGames) Normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	return e.srv.normalize(name, opts)
}

func (e editorGames) ImportRecord(name string, opts game.Options, record string) (editor.Record, error) {
	cr, moves, err := e.srv.importRecord(CreateRequest{Game: name, Options: opts, Record: record})
	if err != nil {
		return editor.Record{}, err
	}
	return editor.Record{Game: cr.Game, Options: cr.Options, Start: cr.Position, Moves: moves}, nil
}

// Editor is the hall as the board editor sees it (editor.Games).
func (srv *Hall) Editor() editor.Games { return editorGames{srv} }
