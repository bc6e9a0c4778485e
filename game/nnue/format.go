package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
)

// The file format, little-endian throughout:
//
//	magic "WYRMNNUE", uint16 version, uint16 length and the game's name,
//	uint32 inputs, hidden, buckets,
//	W1 (inputs*hidden int16), B1 (hidden int16),
//	W2 (buckets*2*hidden int8), B2 (buckets int32),
//	then the SHA-256 of everything before it.
//
// The trailing hash catches a truncated or damaged file; a recipe names
// the hash of the whole file (FileSum) to tie a network to how it was made.
const (
	magic   = "WYRMNNUE"
	Version = 1
)

// Encode writes n in the file format.
func (n *Net) Encode() []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	le := binary.LittleEndian
	b.Write(le.AppendUint16(nil, Version))
	b.Write(le.AppendUint16(nil, uint16(len(n.Game))))
	b.WriteString(n.Game)
	for _, v := range []int{n.Inputs, Hidden, n.Buckets} {
		b.Write(le.AppendUint32(nil, uint32(v)))
	}
	_ = binary.Write(&b, le, n.W1)
	_ = binary.Write(&b, le, n.B1)
	_ = binary.Write(&b, le, n.W2)
	_ = binary.Write(&b, le, n.B2)
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// Decode reads a network written by Encode, checking its hash, version and
// sizes.
func Decode(data []byte) (*Net, error) {
	if len(data) < len(magic)+4+sha256.Size || string(data[:len(magic)]) != magic {
		return nil, errors.New("nnue: not a network file")
	}
	body, tail := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], tail) {
		return nil, errors.New("nnue: checksum mismatch (damaged or truncated file)")
	}
	r := bytes.NewReader(body[len(magic):])
	le := binary.LittleEndian
	var version, nameLen uint16
	if err := binary.Read(r, le, &version); err != nil || version != Version {
		return nil, fmt.Errorf("nnue: format version %d, want %d", version, Version)
	}
	if err := binary.Read(r, le, &nameLen); err != nil || int(nameLen) > r.Len() {
		return nil, errors.New("nnue: bad game name")
	}
	name := make([]byte, nameLen)
	_, _ = r.Read(name)
	var dims [3]uint32
	if err := binary.Read(r, le, &dims); err != nil {
		return nil, errors.New("nnue: short header")
	}
	if dims[1] != Hidden {
		return nil, fmt.Errorf("nnue: hidden width %d, this build has %d", dims[1], Hidden)
	}
	n := &Net{Game: string(name), Inputs: int(dims[0]), Buckets: int(dims[2])}
	want := n.Inputs*Hidden*2 + Hidden*2 + n.Buckets*2*Hidden + n.Buckets*4
	if n.Inputs < 1 || n.Buckets < 1 || r.Len() != want {
		return nil, fmt.Errorf("nnue: %d bytes of weights, want %d", r.Len(), want)
	}
	n.W1 = make([]int16, n.Inputs*Hidden)
	n.B1 = make([]int16, Hidden)
	n.W2 = make([]int8, n.Buckets*2*Hidden)
	n.B2 = make([]int32, n.Buckets)
	for _, v := range []any{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(r, le, v); err != nil {
			return nil, err
		}
	}
	n.Prepare()
	return n, nil
}

// FileSum is the hex SHA-256 of a whole network file, as a recipe
// records it.
func FileSum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}
