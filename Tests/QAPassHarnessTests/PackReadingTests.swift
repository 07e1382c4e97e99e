import Foundation
import Testing

@testable import QAPassHarness

/// The fast path of reading packs (issue 25): a file as export writes it is read without Foundation's
/// coders and gives exactly what `JSONDecoder` and the re-encoded fingerprint give; any other file
/// is left to them, so its pack, fingerprint or error is the same as before.
struct PackReadingTests {
  /// The committed pack of matrices/default.yaml, as export wrote it.
  static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")

  /// Texts that need every escape JSONEncoder writes, with CJK, an emoji, a slash and DEL.
  static let awkward = "a \"q\" \\ / \n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F} 中文 😀 \u{2028} é"

  /// A pack with both kinds of item, repeated steps (what the memo keeps), a build, unexported items,
  /// format 3's delays, selections, policies and shared steps, and every escape, in texts, labels, ids
  /// and configuration keys.
  static let varied: ScenarioPack = {
    let step = CompositionStep(
      label: "key 1 'z'", actions: [.setMarkedText("z", selection: .caret(at: 1)), .event(.editingChanged)],
      expect: FieldExpectation(text: "z", messageShown: false, submitEnabled: false, reason: "marked"),
      marked: PackRange(location: 0, length: 1), selection: .caret(at: 1))
    let awkwardStep = CompositionStep(
      label: awkward, actions: [.insertText(awkward), .replace(.caret(at: 0), with: "x"), .submit(.button)],
      expect: FieldExpectation(text: awkward, submission: .accepted(awkward)), marked: nil,
      selection: .caret(at: 2))
    // Format 3: a step that waits on the virtual clock and selects.
    let waitingStep = CompositionStep(
      label: "select", delayMilliseconds: 1200, actions: [.select(PackRange(location: 0, length: 1))],
      expect: FieldExpectation(text: "z"), marked: nil, selection: PackRange(location: 0, length: 1))
    var items: [PackItem] = []
    for index in 0..<6 {
      let field = PackField(
        id: "name-\(index % 2)", label: "Name \(awkward)", rules: ["required", "han-name"])
      items.append(
        PackItem(
          id: "auto.c1.zh-pinyin.name-\(index).every-update", check: "c1", scenarioVersion: 1, title: awkward,
          configuration: ["field": "name-\(index)", "input_method": "zh-pinyin", awkward: awkward],
          replay: .composition(
            CompositionScript(
              field: field,
              policies: index == 1
                ? CompositionPolicies(settleMilliseconds: 250, silentCommitReturn: .judges) : .defaults,
              continuesAfterFailure: index == 1,
              steps: index % 3 == 0 ? [step, awkwardStep] : [step, waitingStep])),
          sameStepsAs: index == 4 ? "auto.c1.zh-pinyin.name-1.every-update" : nil))
    }
    let event = PackHapticEvent.transient(intensity: 1, sharpness: 0.5)
    items.append(
      PackItem(
        id: "auto.haptic.success", check: "haptic.success", scenarioVersion: 2, title: "Success",
        configuration: [:],
        replay: .saveFlow(
          SaveFlowScript(
            contract: [event, .continuous(time: 0.125, intensity: 0.3, sharpness: 1e-05, duration: 0.4)],
            playFails: true,
            steps: [
              SaveFlowStep(.tap, expect: SaveFlowExpectation(result: .saving, playRequests: 0)),
              SaveFlowStep(
                .completeSuccess, expect: SaveFlowExpectation(result: .saved, felt: 1, reason: awkward)),
            ]))))
    return ScenarioPack(
      generator: "qapass 0.1.0", matrixName: "m \(awkward)", build: "4.12.0 (812)",
      planFingerprint: "sha256:0", items: items,
      unexported: [UnexportedItem(id: "auto.c1.ja.x.every-update", check: "c1", reason: awkward)])
  }()

  /// What `JSONDecoder` reads and the fingerprint of the pack encoded again: the path every file took
  /// before the fast one, and still takes when the fast one declines.
  static func foundation(_ text: String) throws -> (pack: ScenarioPack, fingerprint: String) {
    let pack = try JSONDecoder().decode(ScenarioPack.Fingerprinted.self, from: Data(text.utf8)).pack
    return (pack, pack.fingerprint)
  }

  /// The fast path's pack and fingerprint, or `nil` when it declines; its items read on `workers`
  /// threads.
  static func fast(_ text: String, workers: Int = 3) -> (pack: ScenarioPack, fingerprint: String)? {
    let bytes = Array(text.utf8)
    let read = bytes.withUnsafeBufferPointer { ScenarioPack.read($0, workers: workers) { $0 } }
    return read.map { read in
      var pack = read.pack
      pack.items = read.results
      return (pack, read.fingerprint)
    }
  }

  @Test func `a pack as export wrote it reads as JSONDecoder reads it, with the same fingerprint`() throws {
    for text in [try String(contentsOf: Self.committed, encoding: .utf8), Self.varied.fileContents()] {
      let fast = try #require(Self.fast(text), "the fast path declined a file export wrote")
      let slow = try Self.foundation(text)
      #expect(fast.pack == slow.pack)
      #expect(fast.fingerprint == slow.fingerprint)
      // One thread or several: the same items, in the pack's order.
      let one = try #require(Self.fast(text, workers: 1))
      #expect(one.pack == fast.pack && one.fingerprint == fast.fingerprint)
    }
    #expect(try #require(Self.fast(Self.varied.fileContents())).pack == Self.varied)
  }

  @Test func `an empty pack and one without a build read on the fast path too`() throws {
    var pack = Self.varied
    pack.build = nil
    pack.items = []
    pack.unexported = []
    let fast = try #require(Self.fast(pack.fileContents()))
    #expect(fast.pack == pack && fast.fingerprint == pack.fingerprint)
  }

  /// A change that leaves the file JSON that `JSONDecoder` reads as a pack, but not export's bytes.
  struct Layout: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var find: String
    var replace: String
  }

  static let otherLayouts = [
    Layout(testDescription: "a space after a colon", find: #""check":"c1""#, replace: #""check": "c1""#),
    Layout(
      testDescription: "an escape export does not write", find: #""zh-pinyin""#, replace: #""zh\u002dpinyin""#
    ),
    Layout(
      testDescription: "a number written otherwise", find: #""intensity":1,"#, replace: #""intensity":1.0,"#),
    Layout(testDescription: "an unknown member", find: #"{"build""#, replace: #"{"author":"x","build""#),
    Layout(
      testDescription: "an unknown member of an action", find: #""op":"event"}"#,
      replace: #""op":"event","a":1}"#),
    Layout(
      testDescription: "members out of order", find: #"{"length":1,"location":0}"#,
      replace: #"{"location":0,"length":1}"#),
    Layout(testDescription: "carriage returns", find: ",\n", replace: ",\r\n"),
    // The same bytes for the fingerprint (line feeds are left out of it), but not one item a line.
    Layout(testDescription: "items not one to a line", find: ",\n", replace: ","),
    Layout(
      testDescription: "an item over two lines", find: #""check":"c1","#, replace: "\"check\":\n\"c1\","),
  ]

  @Test(arguments: otherLayouts)
  func `another layout is left to JSONDecoder, which gives the same pack and fingerprint as before`(
    layout: Layout
  ) throws {
    let text = Self.varied.fileContents().replacingOccurrences(of: layout.find, with: layout.replace)
    #expect(text != Self.varied.fileContents(), "the change did not apply")
    #expect(Self.fast(text) == nil)
    let loaded = try ScenarioPack.loadVerified(Data(text.utf8))
    let slow = try Self.foundation(text)
    #expect(loaded.pack == slow.pack && loaded.fingerprint == slow.fingerprint)
  }

  @Test func `a hand edit, another format or broken JSON gives the error it gave before`() throws {
    let text = Self.varied.fileContents()
    for broken in [
      text.replacingOccurrences(of: "\"z\"", with: "\"y\""),  // edited: the fingerprint no longer matches
      text.replacingOccurrences(of: ScenarioPack.currentFormat, with: "qapass-scenarios/2"),
      String(text.dropLast(3)), text.replacingOccurrences(of: "\"check\"", with: "\"check\"\"check\""),
      text + "x", "", "[]", "{\"format\":\"\(ScenarioPack.currentFormat)\"}",
      // Decodes, but encodes again without the build: the fingerprint no longer matches.
      text.replacingOccurrences(of: "\"build\":\"4.12.0 (812)\"", with: "\"build\":null"),
    ] {
      #expect(Self.fast(broken) == nil)
      var fastError: PackError?
      do { _ = try ScenarioPack.loadVerified(Data(broken.utf8)) } catch { fastError = error }
      let before = Self.errorBefore(broken)
      #expect(
        fastError != nil && fastError == before,
        "\(String(describing: fastError)) vs \(String(describing: before))")
    }
  }

  /// `loadVerified`'s error as it was written before the fast path: JSONDecoder, format first.
  static func errorBefore(_ text: String) -> PackError? {
    let data = Data(text.utf8)
    do {
      let format = try JSONDecoder().decode(ScenarioPack.FormatTag.self, from: data).format
      guard format == ScenarioPack.currentFormat else { return .unsupportedFormat(format) }
      let file = try JSONDecoder().decode(ScenarioPack.Fingerprinted.self, from: data)
      let actual = file.pack.fingerprint
      return actual == file.fingerprint
        ? nil : .fingerprintMismatch(recorded: file.fingerprint, actual: actual)
    } catch {
      return PackError.decodingFailure(error, notA: "a scenario pack")
    }
  }

  /// ``varied`` with `count` items, its own items again and again, each with an id of its own.
  static func long(_ count: Int) -> ScenarioPack {
    var pack = Self.varied
    pack.items = (0..<count).map { index in
      var item = Self.varied.items[index % Self.varied.items.count]
      item.id += ".\(index)"
      return item
    }
    return pack
  }

  @Test func `results handed to a transform as they are replayed are the run's, unexported items last`()
    throws
  {
    // As export wrote it (read item by item) and laid out otherwise (loaded whole).
    let text = Self.long(40).fileContents()
    for file in [text, text.replacingOccurrences(of: ",\n", with: ",\n ")] {
      for workers in [1, 2] {
        let subject = EagerSubject(composingAware: false)
        let whole = try PackRunner.run(packFile: Array(file.utf8), subject: subject, workers: workers)
        let made = try PackRunner.run(packFile: Array(file.utf8), subject: subject, workers: workers) {
          result in
          "\(result.id) \(result.status) \(result.failures.count)"
        }
        #expect(made.results == whole.run.results.map { "\($0.id) \($0.status) \($0.failures.count)" })
        #expect(
          made.results.count == 41 && made.results.last?.hasPrefix("auto.c1.ja.x.every-update ") == true)
        var header = whole.run
        header.results = []
        #expect(made.run == header && made.pack == whole.pack)
      }
    }
  }

  @Test func `several threads read a long pack's items in its order, and refuse it as one thread does`()
    throws
  {
    // Enough items for many runs of lines per thread, each item distinct.
    let pack = Self.long(160)
    let text = pack.fileContents()
    for workers in [2, 4] {
      let fast = try #require(Self.fast(text, workers: workers))
      #expect(fast.pack == pack && fast.fingerprint == pack.fingerprint)
      let replayed = try PackRunner.run(
        packFile: Array(text.utf8), subject: EagerSubject(composingAware: false), workers: workers)
      #expect(replayed.run == PackRunner.run(pack, subject: EagerSubject(composingAware: false)))
    }
    // One edited item near the end: the fingerprint no longer matches, on every path.
    let edited = text.replacingOccurrences(of: ".159\"", with: ".15x\"")
    #expect(edited != text)
    for workers in [1, 2, 4] { #expect(Self.fast(edited, workers: workers) == nil) }
    #expect(throws: PackError.self) { try ScenarioPack.loadVerified(Data(edited.utf8)) }
    // One item that is not an item (a value of the wrong type) among the others.
    let broken = text.replacingOccurrences(
      of: #""scenarioVersion":1,"title""#, with: #""scenarioVersion":"1","title""#)
    #expect(broken != text)
    for workers in [1, 2, 4] { #expect(Self.fast(broken, workers: workers) == nil) }
    #expect(throws: PackError.self) { try ScenarioPack.loadVerified(Data(broken.utf8)) }
  }

  @Test func `replaying the file item by item is the run of the loaded pack`() throws {
    for text in [try String(contentsOf: Self.committed, encoding: .utf8), Self.varied.fileContents()] {
      let loaded = try ScenarioPack.loadVerified(Data(text.utf8))
      for subject in [EagerSubject(composingAware: true), EagerSubject(composingAware: false)] {
        let streamed = try PackRunner.run(packFile: Array(text.utf8), subject: subject)
        #expect(
          streamed.run == PackRunner.run(loaded.pack, subject: subject, fingerprint: loaded.fingerprint))
        var header = loaded.pack
        header.items = []
        #expect(streamed.pack == header)
      }
    }
    // Declined by the fast path: loaded whole, with the same run.
    let reformatted = Self.varied.fileContents().replacingOccurrences(of: ",\n", with: ",\n ")
    let streamed = try PackRunner.run(
      packFile: Array(reformatted.utf8), subject: EagerSubject(composingAware: true))
    #expect(streamed.run.packFingerprint == Self.varied.fingerprint)
    #expect(streamed.run.results.count == Self.varied.items.count + Self.varied.unexported.count)
  }

  @Test func `the tape takes strict JSON only`() {
    let taken = [
      "0", "-0", "12", "-1.5e+3", "1E2", "true", "false", "null", "\"\"", "\"\\u00e9\\n\"", "[]", "{}",
      "[1, [2, {\"a\": [3]}]]", " {\"a\":1,\"b\":\"中\"} ",
    ]
    let refused = [
      "01", "1.", ".5", "+1", "1e", "tru", "nul", "\"a", "\"\\x\"", "\"\u{01}\"", "[1,]", "[1 2]",
      "{\"a\":1,}",
      "{\"a\" 1}", "{a:1}", "{\"a\":1,\"a\":2}", "{\"K\":1,\"\u{212A}\":2}", "\"\\ud83d\\ude00\"", "[",
      String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]
    var tape = JSONTape()
    for text in taken {
      let bytes = Array(text.utf8)
      let end = bytes.withUnsafeBufferPointer { tape.parse($0, from: 0) }
      #expect(end.map { $0 == text.utf8.count || text.hasSuffix(" ") } == true, "\(text)")
    }
    for text in refused {
      let bytes = Array(text.utf8)
      let end = bytes.withUnsafeBufferPointer { tape.parse($0, from: 0) }
      #expect(end == nil || end != bytes.count, "\(text)")
    }
    // Invalid UTF-8 in a string: an overlong slash, a lone continuation byte, a surrogate.
    for bytes: [UInt8] in [[0x22, 0xC0, 0xAF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]] {
      #expect(bytes.withUnsafeBufferPointer { tape.parse($0, from: 0) } == nil)
    }
  }

  /// Keys named by code points that are not ASCII, raw or escaped.
  struct Keys: Decodable, Equatable {
    let K: Int
    let café: Int
    let ok: Int
  }

  @Test func `the tape finds members as JSONDecoder does, by canonically equivalent keys too`() throws {
    // KELVIN SIGN is canonically "K", "e" and a combining acute are "é": Swift's == says equal.
    for json in [
      #"{"\#u{212A}":1,"cafe\#u{301}":2,"ok":3}"#, #"{"\u212a":1,"caf\u00e9":2,"ok":3}"#,
      #"{"ok":3,"café":2,"K":1}"#,
    ] {
      let bytes = Array(json.utf8)
      var tape = JSONTape()
      let fast = try bytes.withUnsafeBufferPointer { buffer in
        try #require(tape.parse(buffer, from: 0) == buffer.count)
        return try JSONTapeDecoder.decode(Keys.self, entries: tape.entries, bytes: buffer)
      }
      #expect(fast == Keys(K: 1, café: 2, ok: 3), "\(json)")
      #expect(fast == (try JSONDecoder().decode(Keys.self, from: Data(bytes))), "\(json)")
    }
    // Keys of another length or other ASCII bytes are other keys.
    let missing = Array(#"{"k":1,"cafe":2,"oke":3}"#.utf8)
    var tape = JSONTape()
    #expect(throws: (any Error).self) {
      try missing.withUnsafeBufferPointer { buffer in
        _ = tape.parse(buffer, from: 0)
        return try JSONTapeDecoder.decode(Keys.self, entries: tape.entries, bytes: buffer)
      }
    }
  }

  @Test func `every action and range read from the tape is what JSONDecoder reads`() throws {
    let actions: [FieldAction] =
      [
        .setMarkedText("zh", selection: PackRange(location: 1, length: 1)), .unmarkText,
        .insertText(Self.awkward),
        .deleteBackward, .replace(.caret(at: 3), with: "한"), .select(PackRange(location: 0, length: 2)),
        .assignText(""),
      ] + FieldEvent.allCases.map { .event($0) } + SubmitPath.allCases.map { .submit($0) }
    let text = String(decoding: ScenarioPack.encode(actions, pretty: false), as: UTF8.self)
    // Also written otherwise than export writes: an escaped name, members in another order.
    let other =
      #"[{"event":"editing\u0043hanged","op":"event"},{"range":{"location":2,"length":1},"op":"select"}]"#
    for json in [text, other] {
      let bytes = Array(json.utf8)
      var tape = JSONTape()
      let fast = try bytes.withUnsafeBufferPointer { buffer in
        let end = tape.parse(buffer, from: 0)
        try #require(end != nil)
        return try JSONTapeDecoder.decode([FieldAction].self, entries: tape.entries, bytes: buffer)
      }
      #expect(fast == (try JSONDecoder().decode([FieldAction].self, from: Data(json.utf8))))
    }
    #expect(try JSONDecoder().decode([FieldAction].self, from: Data(text.utf8)) == actions)
    // What JSONDecoder refuses, the tape refuses too (and leaves to it, for its message).
    for refused in [
      #"[{"op":"paste"}]"#, #"[{"op":"event","event":"editingchanged"}]"#, #"[{"op":"insertText"}]"#,
      #"[{"op":"select","range":{"location":1}}]"#, #"[{"op":"select","range":{"location":1.5,"length":0}}]"#,
    ] {
      let bytes = Array(refused.utf8)
      var tape = JSONTape()
      #expect(throws: (any Error).self, "\(refused)") {
        try bytes.withUnsafeBufferPointer { buffer in
          let end = tape.parse(buffer, from: 0)
          try #require(end != nil)
          return try JSONTapeDecoder.decode([FieldAction].self, entries: tape.entries, bytes: buffer)
        }
      }
      #expect(throws: (any Error).self, "\(refused)") {
        try JSONDecoder().decode([FieldAction].self, from: Data(refused.utf8))
      }
    }
  }

  @Test func `the memo keeps values apart by type as well as by bytes`() throws {
    // The same bytes decode as a range and as an expectation with no member set.
    struct Both: Decodable, Equatable {
      var range: PackRange
      var ranges: [PackRange]
      var expectations: [FieldExpectation]
    }
    let text =
      #"{"range":{"length":0,"location":1},"ranges":[{"length":0,"location":1},{"length":0,"location":1},{"length":2,"location":1}],"expectations":[{"length":0,"location":1},{"length":0,"location":1}]}"#
    let bytes = Array(text.utf8)
    var tape = JSONTape()
    let memo = JSONTapeDecoder.Memo()
    let decoded = try bytes.withUnsafeBufferPointer { buffer in
      _ = tape.parse(buffer, from: 0)
      return try JSONTapeDecoder.decode(Both.self, entries: tape.entries, bytes: buffer, memo: memo)
    }
    #expect(decoded == (try JSONDecoder().decode(Both.self, from: Data(text.utf8))))
  }
}
