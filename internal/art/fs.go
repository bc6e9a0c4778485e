package art

import (
	"bytes"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"
)

// FS is a flat, read-only file system of pictures held in memory, keyed by
// file name ("white-king.svg"). It is built once and never changed after,
// so it is safe for concurrent use.
type FS map[string][]byte

// Add stores a picture under name + ".svg".
func (fsys FS) Add(name string, svg []byte) { fsys[name+".svg"] = svg }

// Open implements fs.FS: "." is the directory of all pictures.
func (fsys FS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		return &dir{fsys: fsys}, nil
	}
	b, ok := fsys[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &file{info: info{name: name, size: int64(len(b))}, r: bytes.NewReader(b)}, nil
}

// ReadFile implements fs.ReadFileFS without copying through a reader.
func (fsys FS) ReadFile(name string) ([]byte, error) {
	b, ok := fsys[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return slices.Clone(b), nil
}

// ReadDir implements fs.ReadDirFS for ".", the only directory.
func (fsys FS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return fsys.entries(), nil
}

func (fsys FS) entries() []fs.DirEntry {
	var es []fs.DirEntry
	for n, b := range fsys {
		es = append(es, fs.FileInfoToDirEntry(info{name: n, size: int64(len(b))}))
	}
	slices.SortFunc(es, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return es
}

// Names lists the pictures' names without ".svg", sorted.
func (fsys FS) Names() []string {
	var ns []string
	for n := range fsys {
		ns = append(ns, strings.TrimSuffix(n, ".svg"))
	}
	slices.Sort(ns)
	return ns
}

// info describes a picture, or the directory when dir is set.
type info struct {
	name string
	size int64
	dir  bool
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.dir }
func (i info) Sys() any           { return nil }
func (i info) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

type file struct {
	info info
	r    *bytes.Reader
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Read(p []byte) (int, error) { return f.r.Read(p) }
func (f *file) Close() error               { return nil }

// dir is the open root directory; ReadDir pages through its entries.
type dir struct {
	fsys FS
	rest []fs.DirEntry
	read bool
}

func (d *dir) Stat() (fs.FileInfo, error) { return info{name: ".", dir: true}, nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}
func (d *dir) Close() error { return nil }

// ReadDir implements fs.ReadDirFile.
func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.read {
		d.rest, d.read = d.fsys.entries(), true
	}
	if n <= 0 {
		es := d.rest
		d.rest = nil
		return es, nil
	}
	if len(d.rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(d.rest))
	es := d.rest[:n]
	d.rest = d.rest[n:]
	return es, nil
}
