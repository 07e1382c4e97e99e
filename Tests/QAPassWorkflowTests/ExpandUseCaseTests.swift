import Effects
import Foundation
import QAPassWorkflow
import Testing

/// `expand` over the plan source every use case shares, and the two ways it reads that source
/// differently from a plan: no strategy is the full product, and no `previousCells` reads no earlier
/// rows (not `<checklists>/cells.jsonl`).
struct ExpandUseCaseTests {
  /// A bare GitHub-style matrix of three dimensions of three values: 27 combinations.
  static let matrix = """
    os: ["17", "18", "26"]
    device: [a, b, c]
    keyboard: [x, y, z]

    """

  final class Fixture: @unchecked Sendable {
    let files: InMemoryFileSystem
    var out = ""
    var workflow: Workflow {
      Workflow(
        console: Console(
          currentDirectory: "/w", out: { self.out += $0 }, err: { _ in }),
        files: files, clock: FixedWallClock(secondsSince1970: 0))
    }

    /// `/w/g.yaml` holds the matrix; `/w/checklists/cells.jsonl` is not JSON Lines at all.
    init() {
      files = InMemoryFileSystem([
        "/w": .folder, "/w/g.yaml": .file(Array(ExpandUseCaseTests.matrix.utf8)), "/w/checklists": .folder,
        "/w/checklists/cells.jsonl": .file(Array("not json\n".utf8)),
      ])
    }

    /// The rows printed, each as its `key: value` pairs.
    var rows: [[String: String]] {
      get throws {
        try out.split(separator: "\n").map { line in
          try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String], "\(line)")
        }
      }
    }
  }

  @Test func `without a strategy expand prints the full product`() throws {
    let fixture = Fixture()
    let outcome = try fixture.workflow.expand(.init(source: PlanSource(matrix: "g.yaml")))
    #expect(outcome.value == 27)
    #expect(Set(try fixture.rows).count == 27)
  }

  @Test func `pairwise covers every pair in fewer rows and reads no kept cells`() throws {
    let fixture = Fixture()
    let outcome = try fixture.workflow.expand(
      .init(source: PlanSource(matrix: "g.yaml", strategy: .pairwise, seed: 3)))
    let rows = try fixture.rows
    #expect(outcome.value == rows.count)
    #expect(rows.count < 27)
    // The oracle: every value pair of every two dimensions, written out here.
    let values = ["os": ["17", "18", "26"], "device": ["a", "b", "c"], "keyboard": ["x", "y", "z"]]
    for (first, second) in [("os", "device"), ("os", "keyboard"), ("device", "keyboard")] {
      for a in values[first]! {
        for b in values[second]! {
          #expect(rows.contains { $0[first] == a && $0[second] == b }, "\(first)=\(a) \(second)=\(b)")
        }
      }
    }
  }

  @Test func `earlier rows are read only when named`() throws {
    let fixture = Fixture()
    #expect(throws: (any Error).self) {
      try fixture.workflow.expand(
        .init(
          source: PlanSource(matrix: "g.yaml", strategy: .pairwise, previousCells: "checklists/cells.jsonl")))
    }
  }

  @Test func `covering-array options need the pairwise strategy`() throws {
    let fixture = Fixture()
    let error = try #require(throws: UsageError.self) {
      try fixture.workflow.expand(.init(source: PlanSource(matrix: "g.yaml", seed: 3)))
    }
    #expect(error.message.contains("go with '--strategy pairwise'"))
    #expect(fixture.out.isEmpty)
  }
}
