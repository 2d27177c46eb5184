# Conveniences; each target is one plain go command, so none is needed.
.PHONY: build test gen bench fuzz ci

build:
	go build -o uritool .

test:
	go test ./...

gen:
	go generate ./...

bench:
	go test -run '^$$' -bench . -benchmem -count 6 ./pkg/uri

fuzz:
	for t in FuzzParse FuzzResolve FuzzNormalize FuzzNetURL; do \
		go test ./pkg/uri -run '^$$' -fuzz "^$$t\$$" -fuzztime 5m || exit 1; \
	done

ci:
	bash .ci/run
