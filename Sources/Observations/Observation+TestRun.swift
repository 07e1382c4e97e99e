extension Observation {
  /// The test run an ingested test case's result comes from, `nil` for a result a person recorded.
  ///
  /// `ingest-junit` and `ingest-xcresult` give each result one piece of evidence,
  /// `<kind>:<path>[?sha256=<digest>]#<class>/<test>` (TestResults' `TestEvidence`); the run is the part
  /// before `#`, so two test cases of one run share it. Results of one run given at the same moment are
  /// not in the order they happened: ``Ingest`` lets the worst of them decide.
  ///
  /// ```swift
  /// let observation = Observation(
  ///   itemID: "manual.haptic.h1.iphone-16e.26.x", result: .fail, tester: "ci", time: nil,
  ///   device: "iphone-16e", os: "26.x", textVersion: 1,
  ///   evidence: ["junit:build/junit.xml?sha256=1a2b3c4d5e6f#SaveTests/testHaptic"])
  /// print(observation.testRun ?? "")   // junit:build/junit.xml?sha256=1a2b3c4d5e6f
  /// ```
  package var testRun: String? {
    guard evidence.count == 1, let text = evidence.first,
      Self.testRunKinds.contains(where: { text.hasPrefix($0) }), let hash = text.firstIndex(of: "#")
    else { return nil }
    return String(text[..<hash])
  }

  /// How the evidence of an ingested test case begins.
  static let testRunKinds = ["junit:", "xcresult:"]
}
