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

// waitHealthy polls /healthz until it answers 200 or d passes.
func waitHealthy(ctx context.Context, hc *http.Client, base string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/healthz", nil)
		resp, err := hc.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("server at %s not healthy: %v", base, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
