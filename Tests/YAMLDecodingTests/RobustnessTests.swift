import CoveringArrays
import Testing
import YAMLDecoding

/// Hostile bytes never crash the parser: every input either parses or throws a `YAMLError` whose
/// location lies inside the input.
struct RobustnessTests {
  /// Parses `bytes` and checks that any error points inside them.
  static func check(_ bytes: [UInt8]) {
    do {
      _ = try YAML.parse(bytes)
    } catch {
      let lines = 1 + bytes.filter { $0 == 0x0A || $0 == 0x0D }.count
      #expect(error.location.line >= 1 && error.location.line <= lines, "\(bytes) -> \(error)")
      #expect(error.location.column >= 1 && error.location.column <= bytes.count + 1, "\(bytes) -> \(error)")
      #expect(!error.message.isEmpty)
    }
  }

  @Test func `random bytes give a result or a located error`() {
    var random = SplitMix64(seed: 0x5EED)
    for _ in 0..<2_000 {
      let count = random.below(64)
      Self.check((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }
  }

  @Test func `random YAML punctuation gives a result or a located error`() {
    let alphabet = Array("[]{}:,-?&*!|>'\"%@`# \t\n\r\\x1~.王".utf8)
    var random = SplitMix64(seed: 0xC0FFEE)
    for _ in 0..<3_000 {
      let count = random.below(40)
      Self.check((0..<count).map { _ in alphabet[random.below(alphabet.count)] })
    }
  }

  @Test func `mutated fixtures give a result or a located error`() {
    let seed = Array(
      """
      id: &id zh-pinyin
      name: "拼音"
      locales: [zh-Hans, 'zh-Hant']
      steps:
        - type: compose
          text: |
            wang
        - {commit: 王, haptic: success}
      copy: *id

      """.utf8)
    var random = SplitMix64(seed: 42)
    for _ in 0..<2_000 {
      var bytes = seed
      for _ in 0..<(1 + random.below(4)) {
        let index = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.remove(at: index)
        default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
        }
      }
      Self.check(bytes)
    }
  }
}
