import Digests
import Dispatch
import Foundation

extension ScenarioPack {
  /// Reads a pack file as ``fileContents()`` writes it, one item at a time, without Foundation's JSON
  /// coders: the fast path of ``loadVerified(_:)`` and ``PackRunner/run(packFile:subject:)``.
  ///
  /// The fingerprint is checked over the file's own bytes, on a second thread while the items are
  /// read: every byte but the line feeds and the `fingerprint` member (with its comma). Compact JSON
  /// has no line feed of its own (a string's is escaped), so for a file as export wrote it these
  /// bytes are the canonical JSON the fingerprint was computed over. Anything else (another layout
  /// or key order, items not one to a line, escapes or numbers written another way, an unknown
  /// member, a value of the wrong type, a fingerprint that does not match these bytes) returns `nil`,
  /// and the caller reads the file with `JSONDecoder` and encodes the pack again to check it, as
  /// before: such a file gets the same pack, the same fingerprint or the same error either way.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - workers: How many threads take items at once (1: only the calling thread). With more than
  ///     one, `each` runs on several threads at once and must be safe to.
  ///   - each: Called with each item as soon as it is read; what it did counts only when the pack is
  ///     returned.
  /// - Returns: The pack without its items, its fingerprint, and what `each` returned for each item,
  ///   in file order; `nil` when the file is left to `JSONDecoder`.
  static func read<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, workers: Int = 1, each: (PackItem) -> Result
  ) -> (pack: ScenarioPack, fingerprint: String, results: [Result])? {
    var tape = JSONTape()
    var digest: Digesting?
    // The digest thread reads `bytes`: it is waited for on every way out.
    defer { digest?.wait() }
    var index = JSONTape.skipSpace(bytes, from: 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var members: Set<String> = []
    var header = Header()
    var fingerprintMember: Range<Int>?
    var results: [Result] = []
    while true {
      let keyStart = JSONTape.skipSpace(bytes, from: index)
      guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\""),
        let keyEnd = tape.parse(bytes, from: keyStart), let name = tape.entries.first,
        name.kind == .string
      else { return nil }
      let key = JSONTape.string(name, in: bytes)
      guard members.insert(key).inserted else { return nil }
      index = JSONTape.skipSpace(bytes, from: keyEnd)
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      let valueStart = JSONTape.skipSpace(bytes, from: index + 1)
      if key == "items" {
        // Export writes the fingerprint before the items (keys sorted).
        guard let fingerprintMember else { return nil }
        digest = Digesting(bytes, leavingOut: fingerprintMember)
        guard let (lines, end) = itemLines(bytes, from: valueStart) else { return nil }
        guard let read = readItems(bytes, lines: lines, workers: workers, each) else { return nil }
        results = read
        index = end
      } else {
        guard let end = tape.parse(bytes, from: valueStart), header.take(key, tape: tape, bytes: bytes) else {
          return nil
        }
        index = end
      }
      index = JSONTape.skipSpace(bytes, from: index)
      guard index < bytes.count else { return nil }
      index += 1
      if bytes[index - 1] == UInt8(ascii: "}") { break }
      guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
      // The member left out of the digest ends with its comma.
      if key == "fingerprint" { fingerprintMember = keyStart..<index }
    }
    guard JSONTape.skipSpace(bytes, from: index) == bytes.count, let digest, let pack = header.pack(),
      let recorded = header.fingerprint, recorded == "sha256:" + digest.hex()
    else { return nil }
    return (pack, recorded, results)
  }

  /// The lines of the `items` array at `offset` as export writes it: `[`, a line feed, one item a
  /// line, each but the last ending with a comma, a line feed and `]` (or `[]` for none).
  ///
  /// - Returns: Each item's bytes (its comma left out), and the offset after the array; `nil` for any
  ///   other layout.
  private static func itemLines(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> (
    lines: [Range<Int>], end: Int
  )? {
    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "[") else { return nil }
    if bytes[offset + 1] == UInt8(ascii: "]") { return ([], offset + 2) }
    guard bytes[offset + 1] == UInt8(ascii: "\n") else { return nil }
    var lines: [Range<Int>] = []
    var start = offset + 2
    while true {
      guard let end = lineEnd(bytes, from: start), end > start else { return nil }
      if bytes[end - 1] == UInt8(ascii: ",") {
        lines.append(start..<end - 1)
        start = end + 1
        continue
      }
      lines.append(start..<end)
      guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "]") else { return nil }
      return (lines, end + 2)
    }
  }

  /// The offset of the first line feed at or after `offset`, or `nil`.
  fileprivate static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
    guard offset < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Each line of `lines` decoded as an item and handed to `each`, on up to `workers` threads taking
  /// runs of lines in turn (each thread with its own tape and memo).
  ///
  /// - Returns: What `each` returned, in line order; `nil` when a line is not one item.
  private static func readItems<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: [Range<Int>], workers: Int, _ each: (PackItem) -> Result
  ) -> [Result]? {
    // Runs of lines small enough for the threads to finish together: items differ in cost (a long
    // sample list, many steps), and the last run taken is waited for.
    let runLength = workers > 1 ? max(8, lines.count / (workers * 128)) : max(1, lines.count)
    let runs = (lines.count + runLength - 1) / runLength
    return withoutActuallyEscaping(each) { each in
      let shared = Runs(bytes: bytes, lines: lines, runLength: runLength, runs: runs, each: each)
      if workers > 1 {
        DispatchQueue.concurrentPerform(iterations: min(workers, runs)) { _ in shared.work() }
      } else {
        shared.work()
      }
      return shared.results()
    }
  }

  /// The work of ``readItems(_:lines:workers:_:)``, shared by its threads: each takes the next run of
  /// lines under the lock and writes only that run's slot of ``done``.
  private final class Runs<Result>: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: [Range<Int>]
    let runLength: Int
    let each: (PackItem) -> Result
    /// Each run's results once read, a slot per run; read only after every thread is done.
    private let done: UnsafeMutableBufferPointer<[Result]?>
    private let lock = NSLock()
    private var next = 0
    private var failed = false

    init(
      bytes: UnsafeBufferPointer<UInt8>, lines: [Range<Int>], runLength: Int, runs: Int,
      each: @escaping (PackItem) -> Result
    ) {
      self.bytes = bytes
      self.lines = lines
      self.runLength = runLength
      self.each = each
      done = .allocate(capacity: runs)
      done.initialize(repeating: nil)
    }

    deinit {
      done.deinitialize()
      done.deallocate()
    }

    /// Every run's results in order, once every thread is done; `nil` when a line failed to read.
    func results() -> [Result]? {
      guard !failed else { return nil }
      var results: [Result] = []
      results.reserveCapacity(lines.count)
      // Each run's slot is emptied once copied, so the results are not all held twice.
      for run in done.indices {
        results += done[run] ?? []
        done[run] = nil
      }
      return results
    }

    /// Takes runs until none is left or a line fails to read.
    func work() {
      var tape = JSONTape()
      let memo = JSONTapeDecoder.Memo()
      while true {
        lock.lock()
        let run = next
        next += 1
        let stop = failed || run * runLength >= lines.count
        lock.unlock()
        if stop { return }
        var results: [Result] = []
        let range = run * runLength..<min(lines.count, (run + 1) * runLength)
        results.reserveCapacity(range.count)
        for line in lines[range] {
          let item = UnsafeBufferPointer(rebasing: bytes[line])
          guard tape.parse(item, from: 0) == item.count,
            let decoded = try? JSONTapeDecoder.decode(
              PackItem.self, entries: tape.entries, bytes: item, memo: memo)
          else {
            lock.lock()
            failed = true
            lock.unlock()
            return
          }
          results.append(each(decoded))
        }
        // Each run has its own slot: no two threads write the same element.
        done[run] = results
      }
    }
  }

  /// The SHA-256 of a file's bytes but its line feeds and one range, taken on a thread of its own
  /// (not one of Dispatch's pool, which the item workers use).
  private final class Digesting: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var finished = false
    private var digest = Digest.Stream()

    /// Starts digesting `bytes`, which must stay valid until ``wait()`` returns.
    init(_ bytes: UnsafeBufferPointer<UInt8>, leavingOut left: Range<Int>) {
      nonisolated(unsafe) let bytes = bytes
      Thread { [self] in
        for part in [0..<left.lowerBound, left.upperBound..<bytes.count] {
          var start = part.lowerBound
          while start < part.upperBound {
            let end = min(ScenarioPack.lineEnd(bytes, from: start) ?? part.upperBound, part.upperBound)
            digest.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end + 1
          }
        }
        done.signal()
      }.start()
    }

    /// Waits until the digest is taken (at once after the first wait).
    func wait() {
      guard !finished else { return }
      done.wait()
      finished = true
    }

    /// The digest as 64 hex digits, once taken.
    func hex() -> String {
      wait()
      return digest.hex()
    }
  }

  /// The members of a pack file besides its items, as read.
  private struct Header {
    var fingerprint: String?
    var format: String?
    var generator: String?
    var matrixName: String?
    var build: String?
    var planFingerprint: String?
    var unexported: [UnexportedItem]?

    /// Takes the member `key` from the value on `tape`; false for a member a pack does not have, a
    /// value of another type, or a format this version does not read (left to `JSONDecoder`, which
    /// says so).
    mutating func take(_ key: String, tape: JSONTape, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      func string() -> String? {
        try? JSONTapeDecoder.decode(String.self, entries: tape.entries, bytes: bytes)
      }
      switch key {
      case "fingerprint": fingerprint = string()
      case "format":
        format = string()
        return format == ScenarioPack.currentFormat
      case "generator": generator = string()
      case "matrixName": matrixName = string()
      case "planFingerprint": planFingerprint = string()
      case "build":
        // `null` decodes as no build, but export never writes it: the digest then differs.
        guard tape.entries.first?.kind != .null else { return true }
        build = string()
        return build != nil
      case "unexported":
        unexported = try? JSONTapeDecoder.decode([UnexportedItem].self, entries: tape.entries, bytes: bytes)
        return unexported != nil
      default: return false
      }
      return true
    }

    /// The pack without items, when every member it needs was there.
    func pack() -> ScenarioPack? {
      guard fingerprint != nil, format != nil, let generator, let matrixName,
        let planFingerprint,
        let unexported
      else { return nil }
      return ScenarioPack(
        generator: generator, matrixName: matrixName, build: build,
        planFingerprint: planFingerprint, items: [], unexported: unexported)
    }
  }
}
