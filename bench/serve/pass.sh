# Sourced by bench/serve's scripts (not run on its own): builds qapass in release and writes, into
# "$out/pass", bench/scale's matrix for DEVICES devices (12: 12,342 manual items), its checklists and
# its 5,916 observations, with the plan as JSON in "$out/plan.json"; then prints the machine and the
# build. Expects $root (the repository) and $out; sets $bin and leaves the shell in "$out/pass".
devices=${DEVICES:-12}
swift build -c release --product qapass >/dev/null
bin=$root/.build/release/qapass
rm -rf "$out"
mkdir -p "$out/pass/matrices"
python3 "$root/bench/scale/generate.py" "$devices" >"$out/pass/matrices/scale.yaml"
cd "$out/pass"
"$bin" checklist matrices/scale.yaml --max-combinations 1000000 >/dev/null
"$bin" plan matrices/scale.yaml --max-combinations 1000000 --format json >"$out/plan.json"
python3 "$root/bench/scale/observations.py" "$out/plan.json" observations >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "build: release, $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (modified)'); $(date -u +%Y-%m-%dT%H:%M:%SZ)"
