import Foundation
import Testing

@testable import QAPassHarness

/// Pack format 4 (issue 25): a composition step's `marked` and `selection` are left out of the file
/// where its actions give them by `UITextInput`'s rules, written where they do not, and read back
/// exactly as export built them, by the tape and by `JSONDecoder` alike.
struct CompositionScriptCodingTests {
  struct RangesCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var actions: [FieldAction]
    var before: (marked: PackRange?, selection: PackRange)
    /// By `UITextInput`'s documented rules, worked out by hand; `nil`: not derivable.
    var after: (marked: PackRange?, selection: PackRange)?
  }

  static let rangesCases: [RangesCase] = [
    RangesCase(
      testDescription: "marked text typed at the caret",
      actions: [.setMarkedText("zh", selection: .caret(at: 2))],
      before: (nil, .caret(at: 3)), after: (PackRange(location: 3, length: 2), .caret(at: 5))),
    RangesCase(
      testDescription: "marked text replacing the marked text, a candidate selected",
      actions: [
        .setMarkedText("张伟", selection: PackRange(location: 0, length: 1)), .event(.selectionChanged),
        .event(.editingChanged),
      ],
      before: (PackRange(location: 1, length: 5), .caret(at: 6)),
      after: (PackRange(location: 1, length: 2), PackRange(location: 1, length: 1))),
    RangesCase(
      testDescription: "marked text replacing a selection, counted in UTF-16",
      actions: [.setMarkedText("𠮷x", selection: .caret(at: 3))],
      before: (nil, PackRange(location: 2, length: 4)),
      after: (PackRange(location: 2, length: 3), .caret(at: 5))),
    RangesCase(
      testDescription: "empty marked text ends the composition where it began",
      actions: [.setMarkedText("", selection: .caret(at: 0))],
      before: (PackRange(location: 4, length: 2), .caret(at: 6)), after: (nil, .caret(at: 4))),
    RangesCase(
      testDescription: "a commit puts the caret after the marked text",
      actions: [.setMarkedText("山田", selection: .caret(at: 0)), .unmarkText, .event(.editingChanged)],
      before: (PackRange(location: 0, length: 6), .caret(at: 6)), after: (nil, .caret(at: 2))),
    RangesCase(
      testDescription: "unmarkText without marked text changes nothing",
      actions: [.unmarkText, .submit(.button)],
      before: (nil, PackRange(location: 1, length: 2)), after: (nil, PackRange(location: 1, length: 2))),
    RangesCase(
      testDescription: "insertText replaces the marked text",
      actions: [.insertText("😀a"), .event(.returnKey)],
      before: (PackRange(location: 2, length: 3), .caret(at: 5)), after: (nil, .caret(at: 5))),
    RangesCase(
      testDescription: "insertText replaces the selection", actions: [.insertText("김")],
      before: (nil, PackRange(location: 0, length: 4)), after: (nil, .caret(at: 1))),
    RangesCase(
      testDescription: "deleteBackward depends on the text",
      actions: [.deleteBackward, .event(.editingChanged)],
      before: (nil, .caret(at: 2)), after: nil),
    RangesCase(
      testDescription: "replace, select and assigned text are not derived",
      actions: [.insertText("a"), .replace(.caret(at: 0), with: "b")], before: (nil, .caret(at: 0)),
      after: nil),
    RangesCase(
      testDescription: "select", actions: [.select(.caret(at: 0))], before: (nil, .caret(at: 1)), after: nil),
    RangesCase(
      testDescription: "assignText", actions: [.assignText("x")], before: (nil, .caret(at: 0)), after: nil),
  ]

  @Test(arguments: rangesCases)
  func `a step's ranges follow from its actions by UITextInput's rules`(_ test: RangesCase) {
    let derived = CompositionStep.ranges(
      after: test.actions, marked: test.before.marked, selection: test.before.selection)
    #expect(derived?.marked == test.after?.marked)
    #expect(derived?.selection == test.after?.selection)
    #expect((derived == nil) == (test.after == nil))
  }

  /// Steps whose ranges the actions give, one whose reference field left others, and ones the
  /// actions do not settle (with and without marked text).
  static let script = CompositionScript(
    field: PackField(id: "name", label: "Name", rules: ["required"]),
    steps: [
      CompositionStep(
        label: "key 1 'z'",
        actions: [.setMarkedText("z", selection: .caret(at: 1)), .event(.editingChanged)],
        expect: FieldExpectation(), marked: PackRange(location: 0, length: 1), selection: .caret(at: 1)),
      // A field that kept the caret at the start: not what the actions give, so written.
      CompositionStep(
        label: "key 2 'h'", actions: [.setMarkedText("zh", selection: .caret(at: 2))],
        expect: FieldExpectation(),
        marked: PackRange(location: 0, length: 2), selection: .caret(at: 0)),
      CompositionStep(
        label: "delete", actions: [.deleteBackward, .event(.editingChanged)],
        expect: FieldExpectation(text: "z"),
        marked: PackRange(location: 0, length: 1), selection: .caret(at: 1)),
      CompositionStep(
        label: "commit", actions: [.unmarkText], expect: FieldExpectation(), marked: nil,
        selection: .caret(at: 1)),
      CompositionStep(
        label: "paste", actions: [.select(PackRange(location: 0, length: 1)), .insertText("中")],
        expect: FieldExpectation(text: "中"), marked: nil, selection: .caret(at: 1)),
      CompositionStep(
        label: "submit", delayMilliseconds: 100, actions: [.submit(.button)],
        expect: FieldExpectation(submission: .accepted("中")), marked: nil, selection: .caret(at: 1)),
    ])

  static func stepsJSON(_ script: CompositionScript) throws -> [[String: Any]] {
    let data = ScenarioPack.encode(script, pretty: false)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(object["steps"] as? [[String: Any]])
  }

  @Test func `ranges the actions give are left out, the others written, and both read back`() throws {
    let steps = try Self.stepsJSON(Self.script)
    #expect(steps.map { $0["marked"] == nil } == [true, true, false, true, false, true])
    #expect(steps.map { $0["selection"] == nil } == [true, false, false, true, false, true])
    // No marked text after a step whose actions do not settle it: written as null.
    #expect(steps[4]["marked"] is NSNull)
    let data = ScenarioPack.encode(Self.script, pretty: false)
    #expect(try JSONDecoder().decode(CompositionScript.self, from: data) == Self.script)
    let bytes = [UInt8](data)
    var tape = JSONTape()
    let fast = try bytes.withUnsafeBufferPointer { buffer in
      _ = tape.parse(buffer, from: 0)
      return try JSONTapeDecoder.decode(CompositionScript.self, entries: tape.entries, bytes: buffer)
    }
    #expect(fast == Self.script)
  }

  @Test func `a step without ranges its actions do not give is a data error on every path`() throws {
    let text = String(decoding: ScenarioPack.encode(Self.script, pretty: false), as: UTF8.self)
    let cut = text.replacingOccurrences(
      of: #""label":"delete","marked":{"length":1,"location":0},"selection":{"length":0,"location":1}"#,
      with: #""label":"delete""#)
    #expect(cut != text)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(CompositionScript.self, from: Data(cut.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(
      context.debugDescription
        == "step 3 has no 'marked', and its actions do not give it (only setMarkedText, unmarkText, insertText, "
        + "events and submissions do)")
    // In a pack: refused as malformed, the fast path declining it too.
    var pack = PackReadingTests.varied
    pack.items = [
      PackItem(
        id: "auto.c1.x", check: "c1", scenarioVersion: 1, title: "t", configuration: [:],
        replay: .composition(Self.script))
    ]
    let file = pack.fileContents()
    let edited = file.replacingOccurrences(
      of: #""label":"delete","marked":{"length":1,"location":0},"selection":{"length":0,"location":1}"#,
      with: #""label":"delete""#)
    #expect(edited != file)
    #expect(PackReadingTests.fast(edited) == nil)
    #expect(throws: PackError.self) { try ScenarioPack.loadVerified(Data(edited.utf8)) }
  }

  @Test func `the committed pack leaves out the ranges of every keystroke step`() throws {
    // Export writes a step's ranges only where the reference field (AcceptanceCore's model) left other
    // ranges than the actions give: for the default matrix, never after a keystroke's
    // setMarkedText/insertText, so the rules and the reference field agree on every such step.
    let text = try String(contentsOf: PackReadingTests.committed, encoding: .utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    var derivable = 0
    var written = 0
    for item in items {
      guard let script = item["composition"] as? [String: Any] else { continue }
      for step in try #require(script["steps"] as? [[String: Any]]) {
        let operations = Set(
          try #require(step["actions"] as? [[String: Any]]).compactMap { $0["op"] as? String })
        if operations.isSubset(of: ["setMarkedText", "unmarkText", "insertText", "event", "submit"]) {
          derivable += 1
          #expect(step["selection"] == nil && step["marked"] == nil, "\(step)")
        } else {
          written += 1
          #expect(step["selection"] != nil && step["marked"] != nil, "\(step)")
        }
      }
    }
    #expect(derivable > 500 && written > 0)
    // And the pack reads back as JSONDecoder reads it (PackReadingTests), so every step has its ranges.
    let pack = try ScenarioPack.load(Data(text.utf8))
    #expect(pack.items.count == items.count)
  }
}
