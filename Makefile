# The two commands a newcomer needs: `make run` (the main job on matrices/default.yaml) and `make test`.
SWIFT ?= swift
MATRIX ?= matrices/default.yaml
CONFIG ?= release

.PHONY: run test test-steps build-and-typecheck build-tests test-no-engines typecheck-apple graph deps oracles build lint format bench sanitize fuzz fuzz-smoke clean

# The report is the product: make succeeds when it was written, whatever the verdict (exit 0, 1 or 2;
# see reports/report.md). Gate a release on `qapass pass` itself, whose exit code is the verdict.
# The automated items are exported once as a scenario pack; the reference core (inside `pass`) and the example
# app core (examples/SignUpCore, through QAPassHarness) both replay it, and the report names both subjects with
# how many of the pack's items each ran: the example has every field of the default matrix and runs them all.
# Its results are required (--require-automated) and only count for the pack `pass` replays: results that miss
# items, or come from another pack, would leave the pass INCOMPLETE, saying why.
EXAMPLE ?= examples/SignUpCore
AUTOMATED = reports/automated
run: deps
	$(SWIFT) build -c $(CONFIG) --product qapass
	mkdir -p $(AUTOMATED)
	.build/$(CONFIG)/qapass export-scenarios $(MATRIX) -o $(AUTOMATED)/scenarios.pack.json || test $$? -eq 65
	cd $(EXAMPLE) && QAPASS_PACK=$(CURDIR)/$(AUTOMATED)/scenarios.pack.json \
	  QAPASS_RESULTS=$(CURDIR)/$(AUTOMATED)/signup-core.json $(SWIFT) test
	.build/$(CONFIG)/qapass pass $(MATRIX) --pack $(AUTOMATED)/scenarios.pack.json \
	  --automated $(AUTOMATED)/signup-core.json --require-automated SignUpCore || test $$? -le 2

# The test oracles (the XSD, JUnit readers and JSON Schema for the report files; Selenium driving headless
# Chromium for the HTML checklists) must run here: QAPASS_REQUIRE_ORACLES=1 turns a missing .oracles/ venv
# into a failure instead of a skip.
# The build comes first, in one `swift build` of everything (`qapass`, which the terminal tests drive, and
# the tests), so the Apple-SDK type check finds its modules built and nothing is planned or linked twice.
# The venv, lint and graph checks run beside the build (two jobs; each step's output is printed whole
# when it ends); the tests run once all of them passed, in two processes side by side (scripts/run-tests).
test: deps
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-steps

test-steps: build-and-typecheck oracles lint graph
	QAPASS_REQUIRE_ORACLES=1 SWIFT=$(SWIFT) scripts/run-tests
	@$(MAKE) --no-print-directory fuzz-smoke

build-and-typecheck: build-tests
	SWIFT=$(SWIFT) scripts/typecheck-apple-sources

build-tests: deps
	$(SWIFT) build --build-tests

deps:
	@scripts/ensure-deps

# Package.swift against the imports: every import declared, every declared dependency imported, layers
# listed lowest first; then a copy with a planted undeclared import must fail the same check.
graph:
	scripts/check-package-graph
	scripts/check-package-graph --self-test

# The Apple-only sources (Core Haptics player, UITextField subject) type-checked on Linux against the model
# of Apple's declarations in Tests/AppleSDKModel, with a planted wrong label in each that must fail.
typecheck-apple: deps
	SWIFT=$(SWIFT) scripts/typecheck-apple-sources

# The Mac build on Linux: no input-method engines (package trait 'Engines' off), in its own scratch path.
# pkg-config sees only libyaml and libxml2 while qapass builds, ldd shows it links no m17n, Anthy or libhangul,
# its plan fingerprint of the default matrix is the one the Linux build wrote into checklists/, then the
# tests run in that build (those that type keystrokes are skipped by their .needsEngines trait).
NO_ENGINES_PATH ?= .build/no-engines
NO_ENGINES = --disable-default-traits --scratch-path $(NO_ENGINES_PATH)
test-no-engines: deps
	mkdir -p .build/yaml-only-pkgconfig
	cp "$$(pkg-config --variable=pcfiledir yaml-0.1)/yaml-0.1.pc" .build/yaml-only-pkgconfig/
	cp "$$(pkg-config --variable=pcfiledir libxml-2.0)/libxml-2.0.pc" .build/yaml-only-pkgconfig/
	PKG_CONFIG_LIBDIR=$(CURDIR)/.build/yaml-only-pkgconfig $(SWIFT) build $(NO_ENGINES) --product qapass
	ldd $(NO_ENGINES_PATH)/debug/qapass | grep -E 'lib(yaml|m17n|anthy|hangul)'
	! ldd $(NO_ENGINES_PATH)/debug/qapass | grep -E 'lib(m17n|anthy|hangul)'
	grep -qx "plan_fingerprint: $$($(NO_ENGINES_PATH)/debug/qapass plan matrices/default.yaml | sed -n 's/^fingerprint: //p')" \
	  checklists/plan-source.yaml
	$(SWIFT) test $(NO_ENGINES) --parallel
# Python test oracles, pinned in scripts/oracles-requirements.txt, in .oracles/.
oracles:
	@scripts/ensure-oracles

build: deps
	$(SWIFT) build -c $(CONFIG) --product qapass

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

# The test suite under AddressSanitizer (with LeakSanitizer) and then ThreadSanitizer, each in its own build
# directory so the normal build stays untouched. Slow: two full debug builds. bench/fuzz/lsan.supp lists the
# leaks that are the toolchain's (Foundation, XCTest) or m17n-lib's, not qapass's; matching m17n's needs full
# stack traces (fast_unwind_on_malloc=0: the ASan run takes about 3 minutes instead of 30 s).
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=fast_unwind_on_malloc=0 LSAN_OPTIONS=suppressions=$(CURDIR)/bench/fuzz/lsan.supp \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# libFuzzer over YAML parsing and lint/expand (bench/fuzz); FUZZ_SECONDS per target, one after another,
# with Swift's backtracer off so a crash log holds libFuzzer's and AddressSanitizer's reports only.
FUZZ_SECONDS ?= 300
fuzz: deps
	bench/fuzz/run.sh $(FUZZ_SECONDS)

# The fuzz smoke `make test` ends with: every input that once crashed a target (bench/fuzz/regressions),
# then FUZZ_SMOKE_SECONDS of fuzzing per target; fails on any crash. The instrumented build is its own
# (bench/fuzz/.build, release with -sanitize=fuzzer,address): long the first time, incremental after.
FUZZ_SMOKE_SECONDS ?= 3
fuzz-smoke: deps
	bench/fuzz/run.sh --smoke $(FUZZ_SMOKE_SECONDS)

clean:
	rm -rf .build reports
