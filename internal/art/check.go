package art

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strings"
	"sync"
)

// namePattern is the shape of name the server accepts for a picture,
// compiled on first use: the browser's engine links this package but
// never checks a name, and compiling it there delayed the engine's start.
var namePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}\.svg$`) })

// MaxPicture bounds one picture's size in bytes: pictures load one per
// piece kind on demand and should cost little.
const MaxPicture = 1536

// Check reads every picture of fsys and reports the first that a browser
// or the server would not take: a name the server refuses, a file that is
// not well-formed XML, a root that is not an svg with the 45x45 viewBox, a
// colour token left unreplaced, or a picture over MaxPicture. It returns
// the pictures' total size.
func Check(fsys fs.FS) (total int, err error) {
	es, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return 0, err
	}
	if len(es) == 0 {
		return 0, fmt.Errorf("no pictures")
	}
	for _, e := range es {
		b, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return 0, err
		}
		if err := checkOne(e.Name(), b); err != nil {
			return 0, fmt.Errorf("%s: %w", e.Name(), err)
		}
		total += len(b)
	}
	return total, nil
}

func checkOne(name string, b []byte) error {
	if !namePattern().MatchString(name) {
		return fmt.Errorf("name the server refuses")
	}
	if len(b) > MaxPicture {
		return fmt.Errorf("%d bytes, more than %d", len(b), MaxPicture)
	}
	if bytes.IndexByte(b, '@') >= 0 {
		return fmt.Errorf("colour token left in %q", b)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	root := true
	for {
		t, err := d.Token()
		if err == io.EOF && root {
			return fmt.Errorf("no <svg> element")
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		se, ok := t.(xml.StartElement)
		if !ok || !root {
			continue
		}
		root = false
		if se.Name.Local != "svg" {
			return fmt.Errorf("root is <%s>, not <svg>", se.Name.Local)
		}
		vb := ""
		for _, a := range se.Attr {
			if a.Name.Local == "viewBox" {
				vb = strings.Join(strings.Fields(a.Value), " ")
			}
		}
		if vb != "0 0 45 45" {
			return fmt.Errorf("viewBox %q, not 0 0 45 45", vb)
		}
	}
}
