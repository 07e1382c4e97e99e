import QAPassWorkflow

/// `qapass ingest-junit FILE --device D --os O`: the app's own XCTest results as device or simulator evidence.
enum IngestJUnitCommand: Subcommand {
  static let spec = CommandSpec(
    name: "ingest-junit",
    abstract: "Record the app's own test results (JUnit XML from Xcode runs) against plan items.",
    discussion: """
      Reads JUnit XML as xcbeautify, fastlane's trainer or xcpretty write it from an Xcode test run
      on a simulator or device. A test case counts for a manual plan item of the given device and
      OS only when it names the item exactly, by this rule:
        1. its <property name="qapass.item"> value is the item id, or the id without the
           '<device>.<os>' part (a test case with the property is matched by it alone);
        2. or its name, without a trailing argument list ('()'), is one of those, as written;
        3. or its name equals one of those compared by ASCII letters and digits only, case aside,
           after XCTest's 'test' prefix: testManualImeM2ZhPinyinFullName names
           manual.ime.m2.<device>.<os>.zh-pinyin.full-name.
      An id the item had before a rename the matrix declares counts as its id. The class name is
      not read, and a name that only contains an item's name names nothing
      (testManualImeM1ZhPinyinFullNameIPhone17Pro is no test of iphone-16e's item). Test cases that
      name no item are listed with a hint (did you mean, another session) and count as the app's
      own tests: every test case (name, result, time, message, File.swift:line) is kept in the
      runs file beside the records file (FILE.runs.json), and a failing one of the app's own
      rejects the pass; a file with no test case is recorded as a run without result, which
      leaves the pass incomplete. A name that two items of the session share is an error
      (exit 65), and nothing is recorded.
      Results: passed -> pass, failure or error -> fail, skipped -> skipped. Expected failures
      (XCTExpectFailure): a test case marked expected-failure="true" is a known issue the test
      still sees and is recorded as fail, noted so; an expected failure that did not happen fails
      the test (XCTExpectFailure is strict), and is recorded as fail. fastlane's trainer and
      xcresultparser write an expected failure as a passing test case, which no reader can tell
      from a pass: use ingest-xcresult for tests that use XCTExpectFailure.
      --os must be a planned OS of the device or a release of one (26.2 for 26.x); another is
      refused (exit 64). Each match is appended to the records file with the test case as
      evidence. Ingesting the same results again for the same --build records nothing new,
      whatever the file's time: a test case is recognised by its test, result, build and its
      suite's timestamp or, without one, the digest of the file's content. A suite without a timestamp is recorded at --time, or
      else the file's modification time, and the summary says which. qapass's own JUnit reports
      are refused (exit 65).
      """,
    arguments: [.init(name: "junit", help: "The JUnit XML file.", isOptional: false)],
    options: [
      .value("device", "<id>", help: "The device (or simulator) id from the matrix the tests ran on."),
      .value(
        "os", "<version>", help: "The OS version they ran on, as the matrix writes it (or a release of it)."),
    ] + IngestInput.options)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.ingestJUnit(try IngestInput.inputs(arguments))
  }
}
