import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// Every combination of options either works or is refused as a usage error (exit 64) before anything
/// runs (issue 23). Each case below was silently ignored before: an option the command then dropped.
struct OptionRulesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refused = [
    Case(
      arguments: ["plan", "matrices/default.yaml", "--explain", "--format", "json"],
      message:
        "'--explain' cannot go with '--format': the explanation is text about the whole plan, its cells, "
        + "fields and coverage"),
    Case(
      arguments: ["plan", "matrices/default.yaml", "--explain", "--shard", "1/2"],
      message:
        "'--explain' cannot go with '--shard': the explanation is text about the whole plan, its cells, "
        + "fields and coverage"),
    Case(
      arguments: ["plan", "matrices/new-user.yaml", "--assign", "--shard", "1/2"],
      message: "'--assign' cannot go with '--shard': both split the sessions, '--assign' over the matrix's "
        + "testers and '--shard' into equal parts: use one"),
    Case(
      arguments: ["plan", "matrices/new-user.yaml", "--assign", "--format", "github-matrix"],
      message: "'--assign' prints who tests which session (--format table, json or markdown); '--format "
        + "github-matrix' is the simulator sessions for CI: give one of them"),
    Case(
      arguments: ["plan", "matrices/default.yaml", "--strategy", "full", "--strength", "3"],
      message:
        "'--strategy full' cannot go with '--strength': they shape a pairwise plan's covering array, and "
        + "a full plan has every combination"),
    Case(
      arguments: ["expand", "matrices/default.yaml", "--strategy", "full", "--seed", "3"],
      message:
        "'--strategy full' cannot go with '--seed': they shape a pairwise plan's covering array, and a "
        + "full plan has every combination"),
    Case(
      arguments: ["plan", "matrices/default.yaml", "--effort", "2"],
      message: "'--effort' goes with '--strategy pairwise' or a file whose plan is pairwise; "
        + "matrices/default.yaml plans every combination"),
    Case(
      arguments: ["plan", "matrices/default.yaml", "--seed", "3"],
      message: "'--seed' goes with '--strategy pairwise' or a file whose plan is pairwise; "
        + "matrices/default.yaml plans every combination"),
    Case(
      arguments: ["trace", "--list-engines", "--engine", "anthy"],
      message: "'--list-engines' cannot go with '--engine': it lists the engines and types nothing"),
    Case(
      arguments: ["trace", "--list-engines", "nihongo"],
      message: "'--list-engines' takes no <keys>: it lists the engines and types nothing"),
    Case(
      arguments: ["run", "--pack", "p.json", "--max-combinations", "10"],
      message:
        "'--max-combinations' needs <file>: without the matrix file, '--pack' replays the pack alone and "
        + "expands no matrix"),
    Case(
      arguments: ["run", "matrices/default.yaml", "--create-folders"],
      message:
        "'--create-folders' needs '--json' or '--junit': it creates the folders above the result files, "
        + "and there are none"),
    Case(
      arguments: ["export-scenarios", "matrices/default.yaml", "--create-folders"],
      message:
        "'--create-folders' needs '--output': it creates the folders above the pack's file; without '-o' "
        + "the pack goes to standard output"),
    Case(
      arguments: ["record", "--session", "iphone-16e.26.x", "--result", "pass"],
      message:
        "'--result' needs <item>: it is part of one observation; without an item, '--session' walks the "
        + "session and asks for each answer (a walk takes '--os', '--build', '--device' and '--tester' for all "
        + "of them)"),
    Case(
      arguments: ["record", "--session", "iphone-16e.26.x", "--note", "seen"],
      message: "'--note' needs <item>: it is part of one observation; without an item, '--session' walks the "
        + "session and asks for each answer (a walk takes '--os', '--build', '--device' and '--tester' for all "
        + "of them)"),
    Case(
      arguments: exactOS([
        "record", "3", "--session", "iphone-16e.26.x", "--result", "pass", "--reason", "no device",
      ]),
      message: "'--reason' needs '--result blocked': it says why an item is blocked; say what was seen with "
        + "'--note'"),
    Case(
      arguments: exactOS([
        "record", "3", "--session", "iphone-16e.26.x", "--result", "pass", "--file", "r.yaml",
        "--observations", "obs",
      ]),
      message:
        "'--file' cannot go with '--observations' when <item> is given: one observation goes to '--file', or else "
        + "to records.yaml in '--observations': give one"),
    Case(
      arguments: ["destinations", "matrices/default.yaml", "--record-missing", "ci/not-run.yaml"],
      message: "'--record-missing' needs '--allow-missing': a session that does not resolve is an error "
        + "without it, and nothing is recorded"),
    Case(
      arguments: ["destinations", "matrices/default.yaml", "--allow-missing", "--tester", "ci"],
      message: "'--tester' needs '--record-missing': they are for the records of the sessions that do not "
        + "resolve"),
    Case(
      arguments: ["report", "matrices/default.yaml", "--out", "-"],
      message: "'--out -' prints one report file on standard output: choose its format with '--format' "
        + "(markdown, markdown-summary, junit, junit-extended, json)"),
    Case(
      arguments: [
        "report", "matrices/default.yaml", "--format", "junit,json", "--picture-base", "https://x.test/",
      ],
      message: "'--picture-base' prefixes the pictures' links in the Markdown reports; '--format' junit,json "
        + "writes none (add markdown or markdown-summary)"),
  ]

  @Test(arguments: refused)
  func `a combination that cannot work is a usage error, before anything runs`(_ c: Case) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-rules-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let matrices = directory.appendingPathComponent("matrices")
    try FileManager.default.createDirectory(at: matrices, withIntermediateDirectories: true)
    for name in ["default.yaml", "new-user.yaml"] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("matrices/\(name)"),
        to: matrices.appendingPathComponent(name))
    }
    let run = qapass(c.arguments, in: directory.path)
    #expect(run.code == .usage)
    #expect(run.err.split(separator: "\n").first.map(String.init) == "Error: \(c.message)")
    #expect(run.out.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["matrices"])
  }

  @Test(.needsEngines) func `the same options alone, or in the combinations that work, still work`() {
    // The negative control of the cases above.
    for arguments in [
      ["plan", "matrices/default.yaml", "--explain"], ["plan", "matrices/new-user.yaml", "--assign"],
      ["plan", "matrices/new-user.yaml", "--shard", "1/2", "--format", "github-matrix"],
      ["plan", "matrices/default.yaml", "--strategy", "pairwise", "--seed", "3", "--effort", "0"],
      ["trace", "--list-engines"], ["report", "matrices/default.yaml", "--out", "-", "--format", "json"],
    ] {
      let run = qapass(arguments, in: repositoryRoot.path)
      #expect(
        run.code == .success || run.code == .incomplete || run.code == .failure, "\(arguments): \(run.err)")
    }
  }

  @Test func `every rule names options its command has, and help says it`() {
    for entry in Tool.subcommands {
      let spec = entry.spec
      let names = Set(spec.options.map(\.long))
      // Help wraps its lines; compare the words.
      let help = HelpRenderer.render(spec).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      for rule in spec.rules {
        let named: [String]
        switch rule.kind {
        case .excludes(let option, _, let others, _): named = [option] + others
        case .needsArgument(let options, let argument):
          named = options
          #expect(spec.arguments.contains { $0.name == argument }, "\(spec.name): <\(argument)>")
        case .refusesArgument(let option, let argument):
          named = [option]
          #expect(spec.arguments.contains { $0.name == argument }, "\(spec.name): <\(argument)>")
        case .needsOption(let options, let others, _): named = options + others
        }
        for name in named { #expect(names.contains(name), "\(spec.name): --\(name)") }
        #expect(
          named.contains { rule.help(for: $0).map(help.contains) == true }, "\(spec.name): \(rule.reason)")
      }
    }
  }
}
