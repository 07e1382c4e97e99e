import QAPassWorkflow

/// `qapass ingest-junit FILE --device D --os O`: the app's own XCTest results as device or simulator evidence.
enum IngestJUnitCommand: Subcommand {
  static let spec = CommandSpec(
    name: "ingest-junit",
    abstract: "Record the app's own test results (JUnit XML from Xcode runs) against plan items.",
    discussion: """
      Reads JUnit XML as xcbeautify, fastlane's trainer or xcpretty write it from an Xcode test run
      on a simulator or device. A test case counts for a manual plan item of the given device and
      OS when its name, class name or a <property> value carries the item id — in full, or without
      the '<device>.<os>' part, compared without case and punctuation, so an XCTest method such
      as testManualImeM2ZhPinyinFullName matches manual.ime.m2.<device>.<os>.zh-pinyin.full-name.
      Each match is appended to the records file as an observation (passed -> pass, failure or
      error -> fail, skipped -> skipped) with the test case as evidence. Test cases that match no
      item are listed, not dropped. Ingesting the same results again records nothing new. A suite
      without a timestamp takes --time, or else the file's modification time, and the summary says
      which. qapass's own JUnit reports are refused (exit 65).
      """,
    arguments: [.init(name: "junit", help: "The JUnit XML file.", isOptional: false)],
    options: [
      .value("device", "<id>", help: "The device (or simulator) id from the matrix the tests ran on."),
      .value(
        "os", "<version>", help: "The OS version they ran on, as the matrix writes it (or a release of it)."),
    ] + IngestInput.options)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> ExitCode {
    try workflow.ingestJUnit(try IngestInput.inputs(arguments)).status
  }
}
