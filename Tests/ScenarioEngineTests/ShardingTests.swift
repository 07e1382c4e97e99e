import Foundation
import MatrixFormat
import Testing

@testable import ScenarioEngine

struct ShardingTests {
  static func defaultPlan() throws -> (MatrixFile, Plan) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("matrices/default.yaml")
    let bytes = try [UInt8](Data(contentsOf: url))
    guard
      case .qapass(let file) = try MatrixDocument.load(path: "matrices/default.yaml", bytes: bytes).document
    else { throw CocoaError(.fileReadCorruptFile) }
    return (file, try Plan.make(file: file))
  }

  @Test(arguments: [1, 2, 3, 5, 16, 40])
  func `shards partition the manual sessions and keep sessions whole`(count: Int) throws {
    let (_, plan) = try Self.defaultPlan()
    let shards = (1...count).map { plan.shard($0, of: count) }
    let manual = plan.items.filter { $0.kind == .manual }.map(\.id)
    let dealt = shards.flatMap { $0.items.filter { $0.kind == .manual }.map(\.id) }
    #expect(dealt.sorted() == manual.sorted())
    #expect(Set(dealt).count == dealt.count)
    let owners = shards.enumerated().flatMap { index, shard in shard.sessions.map { ($0.id, index) } }
    #expect(Set(owners.map(\.0)).count == owners.count, "a session was split across shards")
    #expect(shards[0].items.filter { $0.kind == .automated }.count == plan.summary.automatedItems)
    #expect(shards.dropFirst().allSatisfy { $0.items.allSatisfy { $0.kind == .manual } })
    // Balanced: no shard has more than the fairest share plus one session.
    let biggest = plan.sessions.map(\.itemIDs.count).max() ?? 0
    let loads = shards.map { $0.summary.manualItems }
    #expect((loads.max() ?? 0) - (loads.min() ?? 0) <= biggest)
    #expect(plan.shard(1, of: count).items == shards[0].items)
  }

  @Test func `the GitHub matrix lists simulator sessions by model and OS, never a device id`() throws {
    let (file, plan) = try Self.defaultPlan()
    let simulators = Dictionary(
      uniqueKeysWithValues: file.devices.filter { $0.kind == .simulator }.map { ($0.id, $0.name) })
    let text = plan.githubMatrix(simulators: simulators)
    let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let include = try #require(object["include"] as? [[String: Any]])
    #expect(include.count == plan.sessions.filter { simulators[$0.device.rawValue] != nil }.count)
    #expect(include.count == 5)
    #expect(include.first?["device_name"] as? String == "iPhone 17 Pro")
    #expect(include.first?["os_major"] as? String == "27")
    #expect(!text.contains("UDID") && !text.contains("udid"))
    #expect(include.allSatisfy { ($0["items"] as? [String])?.isEmpty == false })
  }
}
