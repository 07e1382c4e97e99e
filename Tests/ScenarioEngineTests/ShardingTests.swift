import Foundation
import MatrixFormat
import QAModel
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

  @Test func `the GitHub matrix lists one job per simulator session, never a device id nor an item`() throws {
    let (file, plan) = try Self.defaultPlan()
    let simulators = Dictionary(
      uniqueKeysWithValues: file.devices.filter { $0.kind == .simulator }.map { ($0.id, $0.name) })
    let jobs = try #require(plan.simulatorJobs(simulators: simulators))
    let text = Plan.githubMatrix(jobs)
    let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let include = try #require(object["include"] as? [[String: String]])
    #expect(include.count == plan.sessions.filter { simulators[$0.device.rawValue] != nil }.count)
    #expect(include.count == 5)
    #expect(
      include.first == ["job": "1", "os_major": "27", "sessions": "1", "name": "iPhone 17 Pro, iOS 27.x"])
    #expect(!text.contains("UDID") && !text.contains("udid") && !text.contains("manual."))
    #expect(Plan.simulatorJobLines(jobs).hasPrefix("1\tsim-iphone-17-pro.27.x\n"))
  }

  /// Issue 33: beyond the 256 jobs a matrix runs, each OS major version's sessions are dealt into jobs of
  /// one runner image; every session runs in exactly one job.
  @Test(arguments: [(300, 3), (1000, 5), (257, 1), (600, 256)])
  func `beyond 256 jobs the sessions are dealt into jobs of one OS major version`(sessions: Int, majors: Int)
    throws
  {
    var plan = try Self.defaultPlan().1
    plan.items = (0..<sessions).map { index in
      var item = plan.items.first { $0.kind == .manual }!
      let os = "\(17 + index % majors).\(index / majors)"
      item.id = ItemID(rawValue: "manual.ime.m1.sim.\(os)")
      item.configuration = PlanItem.Configuration(device: DeviceID(rawValue: "sim"), os: os)
      return item
    }
    let jobs = try #require(plan.simulatorJobs(simulators: ["sim": "iPhone 16e Simulator"]))
    #expect(jobs.count == 256)
    #expect(jobs.map(\.number) == Array(1...256))
    let dealt = jobs.flatMap { job in job.sessions.map { ($0.id, job.osMajor) } }
    for major in Set(jobs.map(\.osMajor)) {
      let planOrder = plan.sessions.map(\.id).filter { $0.os.hasPrefix(major + ".") }
      #expect(dealt.filter { $0.1 == major }.map(\.0) == planOrder)
    }
    #expect(Set(dealt.map(\.0)) == Set(plan.sessions.map(\.id)) && dealt.count == sessions)
    #expect(dealt.allSatisfy { $0.0.os.hasPrefix($0.1 + ".") })
    for major in Set(jobs.map(\.osMajor)) {
      let sizes = jobs.filter { $0.osMajor == major }.map(\.sessions.count)
      #expect(sizes.max()! - sizes.min()! <= 1)
    }
    #expect(plan.simulatorJobs(simulators: ["sim": "iPhone 16e Simulator"], limit: majors - 1) == nil)
  }
}
