package game

// KeySource is a small deterministic pseudo-random generator (SplitMix64)
// for Zobrist hash keys. Keys come from a fixed seed, never from a global
// source, so hashes are the same in every run and every process.
type KeySource struct{ state uint64 }

// NewKeySource returns a generator started from seed.
func NewKeySource(seed uint64) *KeySource { return &KeySource{state: seed} }

// Next returns the next 64-bit key.
func (k *KeySource) Next() uint64 {
	k.state += 0x9e3779b97f4a7c15
	z := k.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
