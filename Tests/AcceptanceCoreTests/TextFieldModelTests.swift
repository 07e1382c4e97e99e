import Testing

@testable import AcceptanceCore

struct TextFieldModelTests {
  @Test func `a new field has the caret at the end and no marked text`() {
    let field = TextFieldModel(text: "𠮷野家")
    #expect(field.utf16.count == 4, "𠮷 is a surrogate pair: 2 UTF-16 units")
    #expect(field.selectedTextRange == .caret(at: 4))
    #expect(field.markedTextRange == nil)
    #expect(field.checkInvariants() == [])
  }

  @Test func `setMarkedText inserts in place of the selection then replaces the marked text`() throws {
    let field = TextFieldModel(text: "王明")
    try field.select(TextRange(location: 1, length: 0))
    try field.setMarkedText("x", selectedRange: .caret(at: 1))
    #expect(field.text == "王x明")
    #expect(field.markedTextRange == TextRange(location: 1, length: 1))
    try field.setMarkedText("xiao", selectedRange: TextRange(location: 1, length: 2))
    #expect(field.text == "王xiao明", "text includes the marked text")
    #expect(field.markedText == "xiao")
    #expect(
      field.selectedTextRange == TextRange(location: 2, length: 2), "selection is relative to marked text")
    #expect(field.checkInvariants() == [])
  }

  @Test func `setMarkedText replaces a non-empty selection`() throws {
    let field = TextFieldModel(text: "abc")
    try field.select(TextRange(location: 0, length: 2))
    try field.setMarkedText("に", selectedRange: .caret(at: 1))
    #expect(field.text == "にc")
    #expect(field.markedTextRange == TextRange(location: 0, length: 1))
  }

  @Test func `empty marked text ends composition`() throws {
    let field = TextFieldModel(text: "王")
    try field.setMarkedText("z", selectedRange: .caret(at: 1))
    try field.setMarkedText("", selectedRange: .caret(at: 0))
    #expect(field.text == "王")
    #expect(field.markedTextRange == nil)
    #expect(field.selectedTextRange == .caret(at: 1))
  }

  @Test func `a selection outside the marked text is refused and nothing changes`() throws {
    let field = TextFieldModel()
    try field.setMarkedText("zh", selectedRange: .caret(at: 2))
    #expect(throws: TextFieldError.rangeOutOfBounds(TextRange(location: 0, length: 4), limit: 3)) {
      try field.setMarkedText("zho", selectedRange: TextRange(location: 0, length: 4))
    }
    #expect(throws: TextFieldError.splitsSurrogatePair(offset: 1)) {
      try field.setMarkedText("𠮷", selectedRange: .caret(at: 1))
    }
    #expect(throws: TextFieldError.negativeRange(TextRange(location: -1, length: 0))) {
      try field.setMarkedText("a", selectedRange: .caret(at: -1))
    }
    #expect(field.text == "zh")
    #expect(field.markedTextRange == TextRange(location: 0, length: 2))
  }

  @Test func `unmarkText commits the marked text as is`() throws {
    let field = TextFieldModel()
    try field.setMarkedText("中文", selectedRange: .caret(at: 2))
    field.unmarkText()
    #expect(field.text == "中文")
    #expect(field.markedTextRange == nil)
    #expect(field.selectedTextRange == .caret(at: 2))
    field.unmarkText()
    #expect(field.text == "中文")
  }

  @Test func `insertText replaces the marked text and ends composition`() throws {
    let field = TextFieldModel(text: "刘")
    try field.setMarkedText("yan", selectedRange: .caret(at: 3))
    field.insertText("䶮")
    #expect(field.text == "刘䶮")
    #expect(field.markedTextRange == nil)
    #expect(field.selectedTextRange == .caret(at: 2))
  }

  @Test func `deleteBackward removes a whole surrogate pair or grapheme cluster`() {
    let field = TextFieldModel(text: "野𠮷")
    field.deleteBackward()
    #expect(field.text == "野")
    #expect(field.checkInvariants() == [])
    let flags = TextFieldModel(text: "a🇨🇳")
    flags.deleteBackward()
    #expect(flags.text == "a")
    let jamo = TextFieldModel(text: "\u{1112}\u{1161}\u{11AB}")  // 한 as conjoining jamo: one grapheme
    jamo.deleteBackward()
    #expect(jamo.text == "")
    jamo.deleteBackward()
    #expect(jamo.text == "" && jamo.selectedTextRange == .caret(at: 0))
  }

  @Test func `deleteBackward stays inside the marked text`() throws {
    let field = TextFieldModel(text: "王")
    try field.setMarkedText("zh", selectedRange: .caret(at: 2))
    field.deleteBackward()
    #expect(field.text == "王z")
    #expect(field.markedTextRange == TextRange(location: 1, length: 1))
    field.deleteBackward()
    #expect(field.text == "王")
    #expect(field.markedTextRange == nil, "deleting the last marked character ends composition")
    #expect(field.checkInvariants() == [])
  }

  @Test func `deleteBackward deletes a selection`() throws {
    let field = TextFieldModel(text: "阿沛·阿旺")
    try field.select(TextRange(location: 2, length: 3))
    field.deleteBackward()
    #expect(field.text == "阿沛")
    #expect(field.selectedTextRange == .caret(at: 2))
  }

  @Test func `replace rewrites a range, refuses split surrogates and ends composition`() throws {
    let field = TextFieldModel(text: "하")
    try field.replace(TextRange(location: 0, length: 1), with: "한")
    #expect(field.text == "한")
    #expect(field.selectedTextRange == .caret(at: 1))
    let astral = TextFieldModel(text: "𠮷")
    #expect(throws: TextFieldError.splitsSurrogatePair(offset: 1)) {
      try astral.replace(TextRange(location: 1, length: 1), with: "x")
    }
    #expect(throws: TextFieldError.rangeOutOfBounds(TextRange(location: 0, length: 3), limit: 2)) {
      try astral.replace(TextRange(location: 0, length: 3), with: "x")
    }
    try astral.setMarkedText("ji", selectedRange: .caret(at: 2))
    try astral.replace(TextRange(location: 0, length: 2), with: "吉")
    #expect(astral.text == "吉ji")
    #expect(astral.markedTextRange == nil)
    #expect(astral.checkInvariants() == [])
  }

  @Test func `selecting outside the marked text commits it`() throws {
    let field = TextFieldModel(text: "王")
    try field.setMarkedText("ming", selectedRange: .caret(at: 4))
    try field.select(TextRange(location: 2, length: 1))
    #expect(field.markedTextRange != nil, "inside the marked text: still composing")
    try field.select(.caret(at: 0))
    #expect(field.markedTextRange == nil)
    #expect(field.text == "王ming")
    #expect(throws: TextFieldError.self) { try field.select(.caret(at: 6)) }
  }

  @Test func `programmatic text drops marked text and moves the caret to the end`() throws {
    let field = TextFieldModel()
    try field.setMarkedText("zhong", selectedRange: .caret(at: 5))
    field.text = "𠮷野"
    #expect(field.markedTextRange == nil)
    #expect(field.selectedTextRange == .caret(at: 3))
    #expect(field.checkInvariants() == [])
  }

  @Test func `text in a range reads UTF-16 ranges`() throws {
    let field = TextFieldModel(text: "𠮷野家")
    #expect(try field.text(in: TextRange(location: 2, length: 2)) == "野家")
    #expect(throws: TextFieldError.splitsSurrogatePair(offset: 1)) {
      _ = try field.text(in: TextRange(location: 1, length: 1))
    }
  }

  @Test func `checkInvariants reports every broken rule`() {
    let astral = Array("𠮷".utf16)
    let outside = TextFieldModel(uncheckedUTF16: astral, marked: nil, selected: .caret(at: 3))
    #expect(outside.checkInvariants() == [.selectionOutOfBounds(.caret(at: 3), utf16Count: 2)])
    let split = TextFieldModel(uncheckedUTF16: astral, marked: nil, selected: .caret(at: 1))
    #expect(split.checkInvariants() == [.splitSurrogatePair(offset: 1)])
    let empty = TextFieldModel(uncheckedUTF16: astral, marked: .caret(at: 2), selected: .caret(at: 2))
    #expect(empty.checkInvariants() == [.emptyMarkedRange(.caret(at: 2))])
    let marked = TextRange(location: 0, length: 2)
    let away = TextFieldModel(uncheckedUTF16: astral + [0x61], marked: marked, selected: .caret(at: 3))
    #expect(away.checkInvariants() == [.selectionOutsideMarkedText(selection: .caret(at: 3), marked: marked)])
    let bad = TextFieldModel(uncheckedUTF16: [], marked: marked, selected: .caret(at: 0))
    #expect(bad.checkInvariants() == [.markedRangeOutOfBounds(marked, utf16Count: 0)])
  }

  @Test func `send delivers events to live observers in order`() {
    final class Recorder: TextFieldObserver {
      var events: [TextFieldEvent] = []
      func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) { events.append(event) }
    }
    let field = TextFieldModel()
    let recorder = Recorder()
    field.addObserver(recorder)
    field.addObserver(recorder)
    field.send(.editingDidBegin)
    field.send(.selectionChanged)
    #expect(recorder.events == [.editingDidBegin, .selectionChanged], "registered once")
    var transient: Recorder? = Recorder()
    field.addObserver(transient!)
    transient = nil
    field.send(.editingDidEnd)
    #expect(recorder.events.last == .editingDidEnd)
  }

  @Test func `mutations fire no events by themselves`() throws {
    final class Recorder: TextFieldObserver {
      var count = 0
      func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) { count += 1 }
    }
    let field = TextFieldModel()
    let recorder = Recorder()
    field.addObserver(recorder)
    try field.setMarkedText("z", selectedRange: .caret(at: 1))
    field.unmarkText()
    field.insertText("a")
    field.deleteBackward()
    field.text = "b"
    #expect(recorder.count == 0)
  }

  @Test func `the text read after every kind of edit is the text of the new units`() throws {
    let field = TextFieldModel(text: "王明")
    var seen: [String] = []
    // The text is read before and after each edit, so a text kept from before an edit would show.
    func read() {
      seen.append(field.text)
      #expect(field.text == String(decoding: field.utf16, as: UTF16.self))
    }
    read()
    try field.setMarkedText("xiao", selectedRange: .caret(at: 4))
    read()
    try field.setMarkedText("小", selectedRange: .caret(at: 1))
    read()
    field.unmarkText()
    read()
    field.insertText("𠮷")
    read()
    field.deleteBackward()
    read()
    try field.replace(TextRange(location: 0, length: 1), with: "한")
    read()
    try field.select(TextRange(location: 0, length: 1))
    read()
    field.deleteBackward()
    read()
    field.text = "b"
    read()
    #expect(seen == ["王明", "王明xiao", "王明小", "王明小", "王明小𠮷", "王明小", "한明小", "한明小", "明小", "b"])
  }
}

/// Ranges from a pack never trap the field model (issue 32, finding 3): a range or selection of
/// `Int.max` overflowed in `TextRange.upperBound` before the range was checked.
struct HostileRangeTests {
  @Test(arguments: [
    TextRange(location: .max, length: 1), TextRange(location: 1, length: .max),
    TextRange(location: .max, length: .max), TextRange(location: 0, length: .max),
  ])
  func `a range reaching past Int.max is refused, not trapped on`(_ range: TextRange) throws {
    let field = TextFieldModel()
    field.insertText("张伟")
    #expect(throws: TextFieldError.rangeOutOfBounds(range, limit: 2)) { try field.select(range) }
    #expect(throws: TextFieldError.rangeOutOfBounds(range, limit: 2)) { try field.replace(range, with: "x") }
    #expect(throws: TextFieldError.rangeOutOfBounds(range, limit: 2)) { _ = try field.text(in: range) }
    #expect(throws: TextFieldError.rangeOutOfBounds(range, limit: 1)) {
      try field.setMarkedText("z", selectedRange: range)
    }
    #expect(field.text == "张伟")
  }

  @Test func `upperBound saturates instead of overflowing`() {
    #expect(TextRange(location: .max, length: 1).upperBound == .max)
    #expect(TextRange(location: .min, length: -1).upperBound == .min)
    #expect(TextRange(location: 2, length: 3).upperBound == 5)
    #expect(!TextRange(location: 0, length: 2).contains(TextRange(location: .max, length: 1)))
  }
}
