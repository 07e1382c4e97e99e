import TestSupport
import Testing

@testable import Oracle

/// The oracle's character classes, read from the standard library, against Debian's `unicode-data`
/// files (Unicode 15.0), each class derived there another way where the files allow it: ideographs
/// from PropList's `Unified_Ideograph`, conjoining jamo from HangulSyllableType.txt, compatibility jamo
/// from the block less the `Default_Ignorable_Code_Point` filler, kana from the blocks' letters without
/// a `<vertical>` decomposition.
struct ScalarClassTests {
  /// Unified ideographs Unicode assigned after 15.0 (DOMAIN 5.1): in the stdlib's data, not in the files.
  static let ideographsSince15: [ClosedRange<UInt32>] = [
    0x2B73A...0x2B73F, 0x2CEA2...0x2CEAD, 0x2EBF0...0x2EE5D, 0x323B0...0x33479,
  ]

  /// The class the Debian files give every code point they assign, read once.
  static let expected = Result { try expectedClasses() }

  /// The class the Debian files give every code point they assign.
  static func expectedClasses() throws -> [UInt32: ScalarClass] {
    let entries = try UnicodeDataFiles.unicodeData()
    let propList = try UnicodeDataFiles.read("PropList.txt")
    let unified = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(in: propList, value: "Unified_Ideograph"))
    let selectors = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(in: propList, value: "Variation_Selector"))
    let syllableTypes = try UnicodeDataFiles.read("HangulSyllableType.txt")
    let syllables = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(in: syllableTypes, value: "LV")
        + UnicodeDataFiles.ranges(in: syllableTypes, value: "LVT"))
    let conjoining = UnicodeDataFiles.codePoints(
      ["L", "V", "T"].flatMap { UnicodeDataFiles.ranges(in: syllableTypes, value: $0) })
    let ignorable = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(
        in: try UnicodeDataFiles.read("DerivedCoreProperties.txt"), value: "Default_Ignorable_Code_Point"))
    let blocks = try UnicodeDataFiles.blocks()
    let compatibilityBlock = try #require(blocks["Hangul Compatibility Jamo"])
    let kanaBlocks = [try #require(blocks["Hiragana"]), try #require(blocks["Katakana"])]

    var classes: [UInt32: ScalarClass] = [:]
    for entry in entries {
      for value in entry.scalars {
        let inKanaBlock = kanaBlocks.contains { $0.contains(value) }
        let kind: ScalarClass
        if unified.contains(value) || entry.name.hasPrefix("CJK COMPATIBILITY IDEOGRAPH-") {
          kind = .hanIdeograph
        } else if selectors.contains(value), !entry.name.hasPrefix("MONGOLIAN") {
          kind = .variationSelector
        } else if syllables.contains(value) {
          kind = .hangulSyllable
        } else if conjoining.contains(value) {
          kind = .conjoiningJamo
        } else if compatibilityBlock.contains(value), entry.generalCategory == "Lo",
          !ignorable.contains(value)
        {
          kind = .compatibilityJamo
        } else if inKanaBlock, entry.generalCategory == "Lo", !entry.decomposition.hasPrefix("<") {
          kind = .kana
        } else if (inKanaBlock && entry.generalCategory == "Lm") || value == 0x3005 {
          kind = .kana
        } else {
          kind = .other
        }
        classes[value] = kind
      }
    }
    return classes
  }

  @Test func `every code point the files assign has the class they give it`() throws {
    let expected = try Self.expected.get()
    #expect(expected.count > 280_000, "UnicodeData.txt parsed too few code points")
    var disagreements: [String] = []
    for (value, kind) in expected where value != 0xFFFE && value != 0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
      let ours = ScalarClass.of(scalar)
      if ours != kind {
        disagreements.append("U+\(String(value, radix: 16, uppercase: true)): \(ours), files \(kind)")
      }
    }
    #expect(disagreements.sorted().prefix(10) == [])
    // Each class is really populated (a classifier returning .other everywhere would fail above too).
    let counts = Dictionary(grouping: expected.values, by: { $0 }).mapValues(\.count)
    #expect(counts[.hangulSyllable] == 11_172)
    #expect(counts[.compatibilityJamo] == 93)
    #expect(counts[.variationSelector] == 256)
    #expect(counts[.kana] == 86 + 90 + 6)
  }

  @Test func `code points assigned after the files are ideographs or outside every name class`() throws {
    let expected = try Self.expected.get()
    let later = UnicodeDataFiles.codePoints(Self.ideographsSince15)
    var unexpected: [String] = []
    // Planes 0-3 and the variation selectors of plane 14: where every letter of a name lives.
    for value in Array(0...0x3FFFF) + Array(0xE0000...0xE0FFF) where expected[UInt32(value)] == nil {
      guard let scalar = Unicode.Scalar(UInt32(value)), scalar.properties.age != nil else { continue }
      let kind = ScalarClass.of(scalar)
      // The classes names and blocks define have not grown since Unicode 5.2: what Unicode added since
      // 15.0 is an ideograph (known to the stdlib's isUnifiedIdeograph) or nothing a name rule takes
      // (noncharacters have an age and no category).
      if kind == .hanIdeograph ? !later.contains(scalar.value) : (kind != .other && kind != .unassigned) {
        unexpected.append("U+\(String(value, radix: 16, uppercase: true)): \(kind)")
      }
    }
    #expect(unexpected.prefix(10) == [])
    // The stdlib knows every ideograph added since 15.0.
    for value in later { #expect(ScalarClass.of(Unicode.Scalar(value)!) == .hanIdeograph) }
  }

  @Test func `White_Space is the stdlib's isWhitespace`() throws {
    let whitespace = UnicodeDataFiles.codePoints(
      UnicodeDataFiles.ranges(in: try UnicodeDataFiles.read("PropList.txt"), value: "White_Space"))
    #expect(whitespace.count == 25)
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if scalar.properties.isWhitespace != whitespace.contains(value) {
        Issue.record("U+\(String(value, radix: 16, uppercase: true)) White_Space disagrees")
      }
    }
  }

  @Test func `the files' derivation tells HANGUL FILLER and the digraphs apart (negative control)`() throws {
    // An explicit range such as U+3131–318E or U+3041–309F would take these; the classes do not.
    let expected = try Self.expected.get()
    for value: UInt32 in [0x3164, 0x309F, 0x30FF, 0x30FB, 0x31F0, 0xFF94, 0x1B001] {
      let kind = try #require(expected[value])
      #expect(kind != .compatibilityJamo && kind != .kana, "U+\(String(value, radix: 16))")
      #expect(ScalarClass.of(Unicode.Scalar(value)!) == kind)
    }
  }
}
