# The two commands a newcomer needs: `make run` (the main job on matrices/default.yaml) and `make test`.
SWIFT ?= swift
MATRIX ?= matrices/default.yaml
CONFIG ?= release

.PHONY: run test deps build lint format bench sanitize clean

run: deps
	$(SWIFT) build -c $(CONFIG) --product qapass
	.build/$(CONFIG)/qapass pass $(MATRIX)

test: deps lint
	$(SWIFT) test --parallel

deps:
	@scripts/ensure-deps

build: deps
	$(SWIFT) build -c $(CONFIG) --product qapass

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build reports
