import Observations
import QAModel
import QAPassWorkflow

/// `qapass record ITEM --result R`: appends one observation, atomically and under a lock.
enum RecordCommand: Subcommand {
  static let spec = CommandSpec(
    name: "record",
    abstract: "Record the result of a manual item (appended atomically under a file lock).",
    discussion: """
      Device, text version, build and, for haptic items, the pattern fingerprint and parameters in
      force are taken from the plan item. --os is the exact release the device runs, as the HTML
      checklist asks it: required for an item planned for a series of releases (26.4.1 for 26.x,
      never 26.x itself or a release of another series), optional for an item of one release (26.1).
      --build and --felt override the build and the parameters felt (--felt takes only the item's
      parameters: intensity and sharpness from 0 to 1, times in seconds).
      --time keeps its offset from UTC and may be at most 5 minutes ahead of the clock. The record
      is acknowledged (printed) only once it is safely on disk: an interrupted or concurrent 'record'
      never loses or corrupts an acknowledged record. A blocked result needs --reason (or a --note);
      the reason is kept as the note and shown in the report. Notes are never printed or logged.
      Example: qapass record manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name --result fail
               --tester mei --note "message stayed after choosing 张伟" --evidence https://…/clip.mov
               --os 26.4.1
      Within a session, the number the checklist gives an item names it:
               qapass record 12 --session iphone-16e.26.x --result pass --os 26.4.1
      A number keeps its item across re-plans (checklists/ledger.yaml); a number whose item the plan
      no longer has is refused, never given to another item, and a number or an id from before a
      rename the matrix declares (renamed_from) records the renamed item.
      Without --matrix, record plans from the matrix the checklists were made from (their
      plan-source.yaml, with the planning options it records), so the commands a checklist prints
      work as printed. With a 'testers:' catalog the tester must be one of it; recording in a session
      assigned to another tester is recorded, with a warning.
      On a terminal, 'qapass record --session iphone-16e.26.x' walks the session's items that have no
      current result (resuming whatever is recorded already), showing the keyboard to switch to, the
      steps and expectations, asking the intensity and sharpness felt on haptic items, and records each
      answer as soon as it is given, with --os, --build and --tester; --result, --note, --reason,
      --evidence, --felt and --time record one item, so a walk refuses them.
      """,
    arguments: [
      .init(
        name: "item", help: "The plan item id, or with --session its number in the session's checklist.",
        isOptional: true)
    ],
    options: [
      .value(
        "result", "<result>", help: "The result.", choices: Outcome.spellings(Outcome.results)),
      .value("tester", "<name>", help: "Who tested (default: $QAPASS_TESTER, else $USER)."),
      .value("note", "<text>", help: "What was seen."),
      .value(
        "reason", "<text>", help: "Why the item is blocked (required with --result blocked, or a --note)."),
      .value("evidence", "<link>", help: "A link to a screenshot or clip; repeatable.", repeatable: true),
      .value(
        "attach", "<file>",
        help: "A screenshot or screen recording to store beside the records (PNG, JPEG, HEIC up to 10 MiB; "
          + "MOV, MP4 up to 100 MiB); repeatable.",
        repeatable: true),
      .value("device", "<id>", help: "The device used; must be the item's (a check against mix-ups)."),
      .value(
        "os", "<version>",
        help: "The exact OS release run, such as 26.4.1 for an item of 26.x (required for one of a series)."),
      MatrixInput.buildOption,
      .value(
        "felt", "<name=value>",
        help: "A parameter of the item's pattern as felt, e.g. intensity=0.8; repeatable.",
        repeatable: true),
      .value(
        "time", "<iso8601>",
        help: "When (default now), e.g. 2026-11-29T18:04:05Z or 2026-11-30T03:04:05+09:00; not ahead of now."),
      .value(
        "session", "<session>",
        help: "The device session, such as iphone-16e.26.x; without an item, walks its untested items."),
      MatrixInput.matrixOption, MatrixInput.maxCombinations, MatrixInput.checklistsOption,
      MatrixInput.observationsOption,
      .value("file", "<path>", help: "The records file (default records.yaml in the observations folder)."),
      createFoldersOption,
      followOutputLinksOption,
    ],
    rules: [
      .needs(
        ["result", "note", "reason", "evidence", "attach", "felt", "time"], argument: "item",
        because: "it is part of one observation; without an item, '--session' walks the session and asks "
          + "for each answer (a walk takes '--os', '--build', '--device' and '--tester' for all of them)"),
      .needs(
        ["reason"], anyOf: ["result"], values: [Outcome.blocked.rawValue],
        because: "it says why an item is blocked; say what was seen with '--note'"),
      .excludes(
        "file", ["observations"], withArgument: "item",
        because: "one observation goes to '--file', or else to records.yaml in '--observations': give one"),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    // The plan of `--matrix` with every planning option of this command (`--checklists` for a pairwise
    // plan's kept cells, `--max-combinations`), built as every other command builds it.
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    var inputs = Workflow.RecordInputs(
      source: source, item: arguments.positional(0), session: arguments.value("session"))
    inputs.result = arguments.value("result").flatMap { Outcome($0, among: Outcome.results) }
    inputs.tester = arguments.value("tester")
    inputs.note = arguments.value("note")
    inputs.reason = arguments.value("reason")
    inputs.evidence = arguments.all("evidence")
    inputs.attach = arguments.all("attach")
    inputs.device = arguments.value("device")
    inputs.os = arguments.value("os")
    inputs.build = arguments.value("build")
    inputs.felt = arguments.all("felt")
    inputs.time = arguments.value("time")
    inputs.observations = arguments.value("observations")
    inputs.file = arguments.value("file")
    inputs.createFolders = arguments.flag("create-folders")
    do {
      return try workflow.record(inputs)
    } catch let refused as Workflow.OSRefused {
      throw UsageError(refused.message(.option))
    }
  }
}
