import QAModel
import Testing

@testable import ScenarioEngine

/// Item ids stay short and stable whatever the free dimensions (issue 23): readable while the values
/// are short scalars, one digest segment past the bound, the same for the same cell whatever else the
/// plan holds, and renames keep the part.
struct FreeDimensionIDTests {
  /// One keyboard, one device and field, and `dimensions` (YAML lines under `matrix:`).
  static func matrix(devices: [String] = ["iphone-16e"], _ dimensions: String) -> String {
    """
    version: 1
    name: Free dimensions
    input_methods:
      - id: zh-pinyin
        keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"
        engine: "m17n:zh-py"
        recipe: zhongwen3
        expect: 中文
        renamed_from: [pinyin]
    devices:
    \(devices.map { "  - {id: \($0), name: \($0), kind: device, haptics: true, os: {min: \"18.3\"}}" }.joined(separator: "\n"))
    fields:
      - {id: full-name, label: Full name, rules: [required, han-name]}
    matrix:
      os: ["26.x"]
      input_method: [zh-pinyin]
      device: [\(devices.joined(separator: ", "))]
    \(dimensions)
    """
  }

  static func m1(_ text: String) throws -> [PlanItem] {
    try Plan.make(file: Fixtures.loadMatrix(text: text), engines: nil).items.filter { $0.scenario == "m1" }
  }

  static let eight = """
      appearance: [light, dark]
      orientation: [portrait, landscape]
      text-size: [default, accessibility-xxxl]
      locale: [zh-Hans-CN, zh-Hant-TW]
      region: [CN]
      keyboard-feedback: [sound-and-haptic]
      bold-text: [false]
      reduce-motion: [true]
    """

  @Test func `short values stay readable, in the cell's order, as ids have always been`() throws {
    let items = try Self.m1(Self.matrix("  appearance: [light, dark]\n  orientation: [portrait]"))
    #expect(
      items.map(\.id.rawValue) == [
        "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.light.portrait",
        "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.dark.portrait",
      ])
  }

  @Test func `eight free dimensions give one digest segment, distinct per cell, values in the configuration`()
    throws
  {
    let items = try Self.m1(Self.matrix(Self.eight))
    #expect(items.count == 16)
    #expect(Set(items.map(\.id)).count == 16)
    for item in items {
      let id = item.id.rawValue
      #expect(id.hasPrefix("manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.v-"), "\(id)")
      #expect(id.count == "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name".count + 11, "\(id)")
      #expect(item.configuration.extras.count == 8)
    }
    // Negative control: the readable form of these cells is more than twice as long.
    let readable = items[0].configuration.extras.map { "." + $0.value }.joined()
    #expect(readable.count > 2 * Plan.freeSuffixLimit)
  }

  @Test func `a cell keeps its id when the plan around it grows`() throws {
    let before = try Self.m1(Self.matrix(Self.eight))
    let after = try Self.m1(
      Self.matrix(
        devices: ["iphone-16e", "iphone-17-pro"],
        Self.eight.replacingOccurrences(of: "region: [CN]", with: "region: [CN, TW]")))
    #expect(Set(before.map(\.id)).isSubset(of: Set(after.map(\.id))))
    #expect(after.count == 64)
  }

  @Test func `an object value is one digest whatever its keys' order, a long value too`() throws {
    let one = try Self.m1(Self.matrix("  locale: [{language: zh, region: CN}]"))
    let other = try Self.m1(Self.matrix("  locale: [{region: CN, language: zh}]"))
    #expect(one.map(\.id) == other.map(\.id))
    #expect(one.first?.id.rawValue.contains(".v-") == true)
    let long = try Self.m1(Self.matrix("  account: [a-very-long-test-account-name]"))
    #expect(long.first?.id.rawValue.contains(".v-") == true)
    let short = try Self.m1(Self.matrix("  account: [alice]"))
    #expect(short.first?.id.rawValue.hasSuffix(".full-name.alice") == true)
  }

  @Test func `a renamed input method keeps the free-dimension part in its former ids`() throws {
    let item = try #require(try Self.m1(Self.matrix(Self.eight)).first)
    let suffix = String(item.id.rawValue.suffix(11))
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: Self.matrix(Self.eight)), engines: nil)
    #expect(
      item.formerIDs(plan.renames) == [
        ItemID(rawValue: "manual.ime.m1.iphone-16e.26.x.pinyin.full-name" + suffix)
      ])
  }
}
