module wyrm

go 1.26.8
