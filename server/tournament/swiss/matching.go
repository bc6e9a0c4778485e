package swiss

// matcher finds a maximum matching in a general graph by Edmonds' blossom
// algorithm. The pairing uses it to check that a choice in one bracket
// still lets the whole round be paired, and as the last resort for the
// lowest bracket.
type matcher struct {
	n      int
	adj    func(i, j int) bool
	match  []int
	parent []int
	base   []int
	used   []bool
	blos   []bool
	seen   []bool
	queue  []int
}

func newMatcher(n int, adj func(i, j int) bool) *matcher {
	m := &matcher{n: n, adj: adj,
		match: make([]int, n), parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), blos: make([]bool, n), seen: make([]bool, n)}
	for i := range m.match {
		m.match[i] = -1
	}
	return m
}

// perfect matches greedily, then augments from every vertex left over,
// and reports whether everyone is matched. An exposed vertex that has no
// augmenting path now never gets one later, so one search each suffices.
func (m *matcher) perfect() bool {
	for i := 0; i < m.n; i++ {
		if m.match[i] != -1 {
			continue
		}
		for j := i + 1; j < m.n; j++ {
			if m.match[j] == -1 && m.adj(i, j) {
				m.match[i], m.match[j] = j, i
				break
			}
		}
	}
	ok := true
	for i := 0; i < m.n; i++ {
		if m.match[i] != -1 {
			continue
		}
		v := m.augmentingPath(i)
		if v == -1 {
			ok = false
			continue
		}
		for v != -1 {
			pv := m.parent[v]
			ppv := m.match[pv]
			m.match[v], m.match[pv] = pv, v
			v = ppv
		}
	}
	return ok
}

func (m *matcher) lca(a, b int) int {
	clear(m.seen)
	for {
		a = m.base[a]
		m.seen[a] = true
		if m.match[a] == -1 {
			break
		}
		a = m.parent[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.seen[b] {
			return b
		}
		b = m.parent[m.match[b]]
	}
}

func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blos[m.base[v]] = true
		m.blos[m.base[m.match[v]]] = true
		m.parent[v] = child
		child = m.match[v]
		v = m.parent[m.match[v]]
	}
}

// augmentingPath searches from root and returns the exposed vertex at the
// end of an augmenting path, or -1.
func (m *matcher) augmentingPath(root int) int {
	clear(m.used)
	for i := range m.parent {
		m.parent[i] = -1
		m.base[i] = i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for h := 0; h < len(m.queue); h++ {
		v := m.queue[h]
		for to := 0; to < m.n; to++ {
			if to == v || m.base[v] == m.base[to] || m.match[v] == to || !m.adj(v, to) {
				continue
			}
			if to == root || m.match[to] != -1 && m.parent[m.match[to]] != -1 {
				cb := m.lca(v, to)
				clear(m.blos)
				m.markPath(v, cb, to)
				m.markPath(to, cb, v)
				for i := 0; i < m.n; i++ {
					if m.blos[m.base[i]] {
						m.base[i] = cb
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.parent[to] == -1 {
				m.parent[to] = v
				if m.match[to] == -1 {
					return to
				}
				m.used[m.match[to]] = true
				m.queue = append(m.queue, m.match[to])
			}
		}
	}
	return -1
}
