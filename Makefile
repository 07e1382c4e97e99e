# The two commands a newcomer needs: `make run` (the main job on matrices/default.yaml) and `make test`.
SWIFT ?= swift
MATRIX ?= matrices/default.yaml
CONFIG ?= release

.PHONY: run test deps build lint format clean

# The report is the product: make succeeds when it was written, whatever the verdict (exit 0, 1 or 2;
# see reports/report.md). Gate a release on `qapass pass` itself, whose exit code is the verdict.
run: deps
	$(SWIFT) build -c $(CONFIG) --product qapass
	.build/$(CONFIG)/qapass pass $(MATRIX) || test $$? -le 2

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
