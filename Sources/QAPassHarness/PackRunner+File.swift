import Foundation

extension PackRunner {
  /// Replays the pack file `bytes` against `subject` item by item as it is read, so a large pack is
  /// never held whole: the same run as ``run(_:subject:fingerprint:)`` of
  /// ``ScenarioPack/loadVerified(_:)``'s pack, with the same errors.
  ///
  /// The results count only once the whole file has read as a pack whose fingerprint matches; a file
  /// not as export wrote it is loaded and verified with `JSONDecoder` first
  /// (``ScenarioPack/read(_:workers:each:)``).
  ///
  /// ```swift
  /// import CoreAdapters  // the reference core
  ///
  /// let url = URL(fileURLWithPath: "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")
  /// let (run, pack) = try PackRunner.run(
  ///   packFile: Array(try Data(contentsOf: url)), subject: ReferenceCoreSubject(version: "0.1.0"))
  /// run.summary.failures   // 0, as PackRunner.run(pack, ...) of the loaded pack gives
  /// ```
  ///
  /// - Returns: The run, and the pack's members without its items.
  /// - Throws: ``PackError``, as ``ScenarioPack/loadVerified(_:)``.
  public static func run(packFile bytes: [UInt8], subject: some HarnessSubject) throws(PackError) -> (
    run: HarnessRun, pack: ScenarioPack
  ) {
    try replay(packFile: bytes, subject: subject, workers: 1)
  }

  /// The same run as ``run(packFile:subject:)``, with the items replayed on up to `workers` threads
  /// at once: for a subject that is safe to use from several threads (each item still gets fresh
  /// composition and save-flow subjects). The results keep the pack's order, so the run is the
  /// same.
  ///
  /// - Returns: The run, and the pack's members without its items.
  /// - Throws: ``PackError``, as ``ScenarioPack/loadVerified(_:)``.
  package static func run(packFile bytes: [UInt8], subject: some HarnessSubject & Sendable, workers: Int)
    throws(PackError) -> (run: HarnessRun, pack: ScenarioPack)
  {
    try replay(packFile: bytes, subject: subject, workers: workers)
  }

  /// The same run as ``run(packFile:subject:workers:)``, each result handed to `transform` as soon as
  /// its item is replayed, on the thread that replayed it (on several threads at once, hence
  /// `@Sendable`): a caller that keeps the results in a form of its own never holds both forms of
  /// them all.
  ///
  /// - Returns: The run without its results, what `transform` made of them (in the run's order), and
  ///   the pack's members without its items.
  /// - Throws: ``PackError``, as ``ScenarioPack/loadVerified(_:)``.
  package static func run<Result>(
    packFile bytes: [UInt8], subject: some HarnessSubject & Sendable, workers: Int,
    transform: @Sendable (HarnessItemResult) -> Result
  ) throws(PackError) -> (run: HarnessRun, results: [Result], pack: ScenarioPack) {
    try replay(packFile: bytes, subject: subject, workers: workers, transform: transform)
  }

  /// The run with its results, as they were replayed.
  private static func replay(packFile bytes: [UInt8], subject: some HarnessSubject, workers: Int)
    throws(PackError) -> (run: HarnessRun, pack: ScenarioPack)
  {
    var (run, results, pack) = try replay(packFile: bytes, subject: subject, workers: workers) { $0 }
    run.results = results
    return (run, pack)
  }

  /// The run without its results, and what `transform` made of them.
  private static func replay<Result>(
    packFile bytes: [UInt8], subject: some HarnessSubject, workers: Int,
    transform: (HarnessItemResult) -> Result
  ) throws(PackError) -> (run: HarnessRun, results: [Result], pack: ScenarioPack) {
    let read = bytes.withUnsafeBufferPointer { buffer in
      ScenarioPack.read(buffer, workers: workers) { item in transform(Self.run(item, subject: subject)) }
    }
    guard let (pack, fingerprint, results) = read else {
      var (pack, fingerprint) = try ScenarioPack.loadVerified(Data(bytes))
      var replayed = Self.run(pack, subject: subject, fingerprint: fingerprint)
      let results = replayed.results.map(transform)
      replayed.results = []
      pack.items = []
      return (replayed, results, pack)
    }
    let replayed = HarnessRun(
      subjectName: subject.name, subjectVersion: subject.version, packFingerprint: fingerprint,
      matrixName: pack.matrixName, planFingerprint: pack.planFingerprint, results: [])
    var all = results
    all += unexportedResults(pack, subject: subject).map(transform)
    return (replayed, all, pack)
  }
}
