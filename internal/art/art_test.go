package art

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

var testPalettes = []Palette{
	{Name: "white", Fill: "#fff", Outline: "#000", Detail: "#000", Accent: "#f00"},
	{Name: "black", Fill: "#000", Outline: "#000", Detail: "#fff", Accent: "#f00"},
}

func TestSetIsAFileSystem(t *testing.T) {
	fsys := Set([]Drawing{{Name: "disc", Body: `<circle cx="22.5" cy="22.5" r="9" stroke="@d"/>`},
		{Name: "gem", Body: `<path d="M22 10l8 12-8 12-8-12z" fill="@a"/>`}}, testPalettes)
	if err := fstest.TestFS(fsys, "white-disc.svg", "white-gem.svg", "black-disc.svg", "black-gem.svg"); err != nil {
		t.Fatal(err)
	}
	total, err := Check(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if total == 0 {
		t.Fatal("no bytes")
	}
	b, _ := fs.ReadFile(fsys, "black-disc.svg")
	if !strings.Contains(string(b), `fill="#000"`) || !strings.Contains(string(b), `stroke="#fff"`) {
		t.Fatalf("black disc not coloured: %s", b)
	}
	if got := strings.Join(fsys.Names(), " "); got != "black-disc black-gem white-disc white-gem" {
		t.Fatalf("Names = %s", got)
	}
}

func TestCheckRefuses(t *testing.T) {
	good := string(Render(`<circle cx="1" cy="1" r="1"/>`, testPalettes[0]))
	for name, body := range map[string]string{
		"Bad.svg":   good,
		"token.svg": `<svg viewBox="0 0 45 45" fill="@f"/>`,
		"box.svg":   `<svg viewBox="0 0 40 40"/>`,
		"root.svg":  `<g viewBox="0 0 45 45"/>`,
		"xml.svg":   `<svg viewBox="0 0 45 45"><g></svg>`,
		"empty.svg": ``,
		"big.svg":   strings.Replace(good, "<circle", strings.Repeat(" ", MaxPicture)+"<circle", 1),
	} {
		if _, err := Check(FS{name: []byte(body)}); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if _, err := Check(FS{"ok.svg": []byte(good)}); err != nil {
		t.Fatal(err)
	}
}
