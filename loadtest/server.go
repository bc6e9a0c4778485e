package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
	"wyrm/server/cluster"
)

// Memory is a process's resident memory, from /proc.
type Memory struct {
	RSS  int64 // bytes resident now
	Peak int64 // high-water mark of RSS
}

// readMemory reads VmRSS and VmHWM of pid.
func readMemory(pid int) (Memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return Memory{}, err
	}
	defer f.Close()
	var m Memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(v)
		if len(fields) != 2 || fields[1] != "kB" {
			continue
		}
		n, _ := strconv.ParseInt(fields[0], 10, 64)
		switch k {
		case "VmRSS":
			m.RSS = n << 10
		case "VmHWM":
			m.Peak = n << 10
		}
	}
	return m, sc.Err()
}

// scrape reads the unlabelled samples of the server's /metrics, and the
// histogram buckets by their le label.
func scrape(ctx context.Context, hc *http.Client, base string) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("metrics: status %d", resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && !strings.HasPrefix(line, "#") {
			if v, err := strconv.ParseFloat(f[1], 64); err == nil {
				out[f[0]] = v
			}
		}
	}
	return out, nil
}

// histQuantile estimates quantile q of a Prometheus histogram from the
// difference of two scrapes (upper bound of the bucket holding it).
func histQuantile(before, after map[string]float64, name string, q float64) (float64, bool) {
	bounds := []string{"0.001", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"}
	total := after[name+"_count"] - before[name+"_count"]
	if total <= 0 {
		return 0, false
	}
	for _, le := range bounds {
		key := name + `_bucket{le="` + le + `"}`
		if after[key]-before[key] >= q*total {
			if le == "+Inf" {
				return -1, true
			}
			v, _ := strconv.ParseFloat(le, 64)
			return v, true
		}
	}
	return 0, false
}

// waitHealthy polls /healthz until it answers 200 or d passes, and
// returns the name the node gives itself in its answers (cluster nodes
// only; "" otherwise).
func waitHealthy(ctx context.Context, hc *http.Client, base string, d time.Duration) (string, error) {
	deadline := time.Now().Add(d)
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/healthz", nil)
		resp, err := hc.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return resp.Header.Get(cluster.HeaderNode), nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return "", fmt.Errorf("server at %s not healthy: %v", base, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// scrapeAll reads the metrics of every node and adds them up.
func scrapeAll(ctx context.Context, hc *http.Client, bases []string) (map[string]float64, error) {
	sum := map[string]float64{}
	for _, b := range bases {
		m, err := scrape(ctx, hc, b)
		if err != nil {
			return nil, err
		}
		for k, v := range m {
			sum[k] += v
		}
	}
	return sum, nil
}

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ,
// 100 on Linux).
const clockTick = 10 * time.Millisecond

// cpuTotal is the CPU time (user and system) the processes pids have used,
// with that of their living children when children is set: a database
// server's work is done by the backends its first process starts. A
// process that cannot be read counts nothing.
func cpuTotal(pids []int, children bool) time.Duration {
	var total time.Duration
	want := map[int]bool{}
	for _, pid := range pids {
		want[pid] = true
		if t, _, err := procCPU(pid); err == nil {
			total += t
		}
	}
	if !children || len(pids) == 0 {
		return total
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || want[pid] {
			continue
		}
		if t, ppid, err := procCPU(pid); err == nil && want[ppid] {
			total += t
		}
	}
	return total
}

// procCPU reads a process's CPU time and parent from /proc/<pid>/stat.
func procCPU(pid int) (time.Duration, int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name is in parentheses and may hold anything: the
	// fields that follow are counted from its closing one.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("stat of %d: no command name", pid)
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("stat of %d: %d fields", pid, len(f))
	}
	ppid, _ := strconv.Atoi(f[1])
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("stat of %d: bad times", pid)
	}
	return time.Duration(utime+stime) * clockTick, ppid, nil
}
