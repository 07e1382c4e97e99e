import AcceptanceCore
import CoreAdapters
import QAPassHarness
import Testing

/// The harness and AcceptanceCore name the same five field events; the adapters map each to the
/// one of the same name, both ways.
struct FieldEventMappingTests {
  @Test(arguments: TextFieldEvent.allCases)
  func `a core event maps to the harness event of its name and back`(_ event: TextFieldEvent) {
    let harness = FieldEvent(event)
    #expect(harness.rawValue == event.rawValue)
    #expect(TextFieldEvent(harness) == event)
  }

  @Test func `every harness event has a core event`() {
    #expect(FieldEvent.allCases.map { TextFieldEvent($0).rawValue } == FieldEvent.allCases.map(\.rawValue))
  }
}
