package botbridge

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// setupState is the setup a game's state carries while the game is in its
// setup stages.
type setupState struct {
	Stage    string          `json:"stage"`
	ToChoose []int           `json:"toChoose"`
	Mine     bool            `json:"mine"`
	Help     json.RawMessage `json:"help"`
	Position string          `json:"position"`
}

// setupChoice is one of the bot's choices in a game's setup.
type setupChoice struct{ stage, text string }

// chooseSetup makes the bot's choice for the setup stage su: the engine's
// own where it announced the setup commands (SetupChoices), else, or when
// the server refuses the engine's, the game's suggestion from the server.
// It answers each stage once; only a failure to reach the server is an
// error.
func (b *Bridge) chooseSetup(ctx context.Context, p *player, f *gameFull, su *setupState) error {
	if err := b.ensureEngine(ctx, p, f); err != nil {
		return err
	}
	if p.engineSetup {
		choice, err := engineSetupChoice(ctx, p, f.Seat, su.Stage)
		if err == nil {
			err = b.api.post(ctx, p.path+"/setup", map[string]string{"choice": choice}, nil)
			if err == nil {
				p.chose(su.Stage, choice)
				p.log.Info("setup chosen by the engine", "stage", su.Stage, "choice", choice)
				return nil
			}
		}
		p.log.Warn("no setup choice from the engine; taking the server's suggestion", "stage", su.Stage, "err", err)
	}
	var sug struct {
		Choice string `json:"choice"`
	}
	if err := b.api.get(ctx, p.path+"/setup/suggest", &sug); err != nil {
		p.log.Warn("no setup suggestion from the server", "stage", su.Stage, "err", err)
		p.setupStages[su.Stage] = true // the next state says more
		return nil
	}
	if err := b.api.post(ctx, p.path+"/setup", map[string]string{"choice": sug.Choice}, nil); err != nil {
		p.log.Warn("the server refused its own setup suggestion", "stage", su.Stage, "choice", sug.Choice, "err", err)
		p.setupStages[su.Stage] = true
		return nil
	}
	p.chose(su.Stage, sug.Choice)
	p.log.Info("setup chosen by the server's suggestion", "stage", su.Stage, "choice", sug.Choice)
	return nil
}

// chose records the bot's choice for stage.
func (p *player) chose(stage, text string) {
	p.chosen = append(p.chosen, setupChoice{stage, text})
	p.setupStages[stage] = true
}

// setupWait bounds the wait for an engine's setup choice.
const setupWait = 30 * time.Second

// engineSetupChoice asks the engine for seat's choice in stage, telling it
// the bot's choices so far ("setup" commands, docs/bots.md).
func engineSetupChoice(ctx context.Context, p *player, seat int, stage string) (string, error) {
	e := p.eng
	e.Send("setup clear")
	for _, c := range p.chosen {
		if strings.ContainsAny(c.text, "\r\n") {
			return "", fmt.Errorf("the %s choice is more than a line", c.stage)
		}
		e.Send("setup choice " + strconv.Itoa(seat) + " " + c.text)
	}
	e.Send("setup go " + strconv.Itoa(seat) + " " + stage)
	ctx, cancel := context.WithTimeout(ctx, setupWait)
	defer cancel()
	var why string
	for {
		l, err := e.Read(ctx)
		if err != nil {
			return "", fmt.Errorf("no setupchoice: %w", err)
		}
		if w, ok := strings.CutPrefix(l, "info string "); ok {
			why = w
		}
		if c, ok := strings.CutPrefix(l, "setupchoice "); ok {
			if c = strings.TrimSpace(c); c == "(none)" || c == "" {
				return "", fmt.Errorf("the engine has none: %s", why)
			}
			return c, nil
		}
	}
}
