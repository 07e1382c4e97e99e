import Foundation
import QAPassHarness
import Testing

/// Numbers from a pack never trap the library an app adopts (issue 32, finding 3): a settle time of
/// `Int.max` crashed `VirtualClock.advance`, and a pack file's numbers out of range are refused where
/// they are read, at their place.
struct HostileNumberTests {
  @Test func `a clock advanced or scheduled by Int.max stops at the end of time, without trapping`() {
    let clock = VirtualClock()
    var ran = false
    clock.advance(byMilliseconds: 5)
    clock.schedule(afterMilliseconds: .max) { ran = true }
    clock.advance(byMilliseconds: .max)
    #expect(clock.now == .max && ran)
    clock.advance(byMilliseconds: .max)
    #expect(clock.now == .max)
  }

  @Test func `an item built with a settle time of Int.max replays without trapping`() {
    let steps = [TimeAndSubmissionTests.paste("123", TimeAndSubmissionTests.shownValid)]
    let result = PackRunner.run(TimeAndSubmissionTests.item(steps, settle: .max), subject: DebouncedApp())
    #expect(result.status == .pass)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var item: PackItem
    var path: [String]
    var message: String
    var testDescription: String { name }
  }

  static let select = TimeAndSubmissionTests.step("select", [.select(PackRange(location: .max, length: 1))])

  @Test(arguments: [
    Case(
      name: "settle time", item: TimeAndSubmissionTests.item([], settle: .max),
      path: ["items", "0", "composition", "policies", "settleMilliseconds"],
      message: "9223372036854775807 is out of range; expected 0 to 60000 milliseconds"),
    Case(
      name: "step delay",
      item: TimeAndSubmissionTests.item([TimeAndSubmissionTests.step("wait", [], delay: -1)]),
      path: ["items", "0", "composition", "steps", "0", "delayMilliseconds"],
      message: "-1 is out of range; expected 0 to 3600000 milliseconds"),
    Case(
      name: "range", item: TimeAndSubmissionTests.item([Self.select]),
      path: ["items", "0", "composition", "steps", "0", "actions", "0", "range", "location"],
      message: "9223372036854775807 is out of range; expected -67108864 to 67108864 UTF-16 code units"),
  ])
  func `a pack file's number out of range is refused at its place`(_ c: Case) throws {
    let pack = ScenarioPack(
      generator: "qapass 0.1.0", matrixName: "m", build: "1",
      planFingerprint: "sha256:0",
      items: [c.item], unexported: [])
    let error = try #require(throws: PackError.self) { try ScenarioPack.load(Data(pack.fileContents().utf8)) }
    guard case .malformed(let message, let path) = error else {
      Issue.record("not malformed: \(error)")
      return
    }
    #expect(path.map { Array($0.suffix(c.path.count)) } == c.path)
    #expect(message.hasSuffix("is malformed: \(c.message)"), "\(message)")
  }
}
