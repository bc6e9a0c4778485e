package games

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"testing"

	"wyrm/internal/art"
)

// maxPictures bounds the raw size of all games' pictures together: each
// page loads only the pictures of the pieces it shows, but the set should
// stay small enough to send in full without thought.
const maxPictures = 200 << 10

// TestPicturesSize checks every game's pictures as the server will serve
// them and bounds their total size.
func TestPicturesSize(t *testing.T) {
	total := 0
	for _, g := range All() {
		pics := g.Pictures()
		if pics == nil {
			continue
		}
		raw, err := art.Check(pics)
		if err != nil {
			t.Fatalf("%s: %v", g.Info().Name, err)
		}
		es, _ := fs.ReadDir(pics, ".")
		zipped := 0
		for _, e := range es {
			b, _ := fs.ReadFile(pics, e.Name())
			var z bytes.Buffer
			w := gzip.NewWriter(&z)
			_, _ = w.Write(b)
			_ = w.Close()
			zipped += z.Len()
		}
		t.Logf("%s: %d pictures, %d bytes, %d gzipped one by one", g.Info().Name, len(es), raw, zipped)
		total += raw
	}
	if total > maxPictures {
		t.Errorf("all pictures: %d bytes, more than %d", total, maxPictures)
	}
}
