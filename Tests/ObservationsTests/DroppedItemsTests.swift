import Diagnostics
import QAModel
import Testing

@testable import Observations

/// Results of items a re-plan dropped (their keyboard, device or field left the matrix): planned once,
/// so not the typo an unknown id is. After a QA lead dropped a keyboard, every pass of it in the records
/// file was an error: `pass` exited 65, and the walk and `ingest-junit` refused to start, until someone
/// edited the records file by hand (issue 22, re-planning while a pass runs).
struct DroppedItemsTests {
  static func catalog(_ items: [ObservableItem], dropped: [ObservableItem]) -> ObservableCatalog {
    var catalog = ObservableCatalog(items: items, build: "4.12.0 (812)", planFingerprint: "p")
    for (number, item) in dropped.enumerated() {
      catalog.dropped[item.id] = "item \(number + 2) of the checklist of session 'iphone-16e.26.x'"
    }
    return catalog
  }

  @Test func `a dropped item's results are not counted; its failure is listed; a typo stays an error`() throws
  {
    let catalog = Self.catalog([Examples.pinyin, Examples.ipad], dropped: [Examples.kana, Examples.haptic])
    let typo = ObservableItem(
      id: "manual.ime.m1.iphone-16e.26.x.zh-pinyn", textVersion: 2, device: "iphone-16e", os: "26.x",
      title: "")
    let file = IngestTests.file(
      "records.yaml", IngestTests.entry(Examples.kana, "pass"), IngestTests.entry(Examples.kana, "skipped"),
      IngestTests.entry(Examples.haptic, "fail"), IngestTests.entry(typo, "pass"))
    let result = Ingest.run(files: [file], catalog: catalog)

    #expect(
      result.diagnostics.map(\.description) == [
        "records.yaml:3:9: warning: 2 results recorded for items the plan no longer has are not counted (no "
          + "failure among them); the first is for '\(Examples.kana.id)'; it was item 2 of the checklist of "
          + "session 'iphone-16e.26.x' before a re-plan dropped it",
        "records.yaml:17:9: warning: '\(Examples.haptic.id)' failed, and a re-plan dropped it (it was item 3 of "
          + "the checklist of session 'iphone-16e.26.x'): not counted as a failure, it keeps the verdict from "
          + "ACCEPTED until the matrix declares the rename ('renamed_from:') or it is retired "
          + "(qapass retire \(Examples.haptic.id) --reason …)",
        "records.yaml:25:9: error: unknown item id '\(typo.id)'; did you mean '\(Examples.pinyin.id)'?",
      ])
    #expect(result.hasErrors, "the typo")
    #expect(result.unplanned.map(\.id) == [Examples.haptic.id, typo.id])
    #expect(
      result.unplanned.first?.hint
        == "; it was item 3 of the checklist of session 'iphone-16e.26.x' before a re-plan dropped it")
    #expect(result.items.map(\.status) == [.untested, .untested])

    // Negative control: without the ledger's knowledge every one of them is an error.
    let plain = Ingest.run(
      files: [file], catalog: Self.catalog([Examples.pinyin, Examples.ipad], dropped: []))
    #expect(plain.diagnostics.filter { $0.severity == .error }.count == 4)
  }

  @Test func `a dropped item close to a planned one is suggested as a rename the matrix may not declare`() {
    // The iPhone's pinyin item is gone and the iPad's is planned: one part of the id differs, so the
    // device may have been renamed without renamed_from.
    let catalog = Self.catalog([Examples.kana, Examples.haptic, Examples.ipad], dropped: [Examples.pinyin])
    let file = IngestTests.file("records.yaml", IngestTests.entry(Examples.pinyin, "fail"))
    let result = Ingest.run(files: [file], catalog: catalog)
    #expect(
      result.diagnostics.map(\.message) == [
        "'\(Examples.pinyin.id)' failed, and a re-plan dropped it (it was item 2 of the checklist of session "
          + "'iphone-16e.26.x'): not counted as a failure, it keeps the verdict from ACCEPTED until the matrix "
          + "declares the rename ('renamed_from:') or it is retired (qapass retire \(Examples.pinyin.id) --reason "
          + "…); did you mean '\(Examples.ipad.id)'? (device 'iphone-16e' is not in the "
          + "plan; if it was renamed 'ipad-air', add 'renamed_from: [iphone-16e]' to device 'ipad-air' in the "
          + "matrix)"
      ])
    #expect(result.unplanned.map(\.result) == [.fail])
    #expect(result.unplanned.first?.hint.contains("; did you mean '\(Examples.ipad.id)'?") == true)
  }
}
