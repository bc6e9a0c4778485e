package main

import (
	"errors"
	"net"
	"os"
	"strconv"

	"wyrm/server/cluster"
	"wyrm/server/store"
)

// clusterConfig places serve among the nodes of its database: with
// PostgreSQL every server is a node (one alone is a cluster of one), named
// and reached as cfg says or by this machine's name and the port it
// listens on; a SQLite file belongs to one server.
func clusterConfig(cfg serveConfig, db string, listening net.Addr) (string, *cluster.Config, error) {
	if !store.IsPostgres(db) {
		if cfg.advertise != "" {
			return "", nil, errors.New("-advertise needs a PostgreSQL database (-db postgres://...): a SQLite file serves one node")
		}
		return cfg.node, nil, nil
	}
	tcp, _ := listening.(*net.TCPAddr)
	port := "0"
	if tcp != nil {
		port = strconv.Itoa(tcp.Port)
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	node := cfg.node
	if node == "" {
		node = net.JoinHostPort(host, port)
	}
	advertise := cfg.advertise
	if advertise == "" {
		h := host
		if tcp != nil && !tcp.IP.IsUnspecified() {
			h = tcp.IP.String()
		}
		advertise = "http://" + net.JoinHostPort(h, port)
	}
	return node, &cluster.Config{Advertise: advertise, LeaseTTL: cfg.leaseTTL}, nil
}
