import Foundation
import QAModel
import Testing

struct CheckIDTests {
  @Test func `a check id is encoded as its plain spelling and read back`() throws {
    let ids: [CheckID] = [.c3, .hapticContract, .m1]
    let data = try JSONEncoder().encode(ids)
    #expect(String(decoding: data, as: UTF8.self) == #"["c3","haptic.contract","m1"]"#)
    #expect(try JSONDecoder().decode([CheckID].self, from: data) == ids)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([CheckID].self, from: Data("[3]".utf8)) }
  }

  @Test func `the named checks keep the catalog's spellings`() {
    #expect(CheckID.c1.description == "c1")
    #expect(CheckID.hapticRapidTaps.rawValue == "haptic.rapid-taps")
    #expect(CheckID.hapticUnsupportedHardware == "haptic.unsupported-hardware")
    #expect(CheckID.v1 == CheckID(rawValue: "v1"))
    #expect(CheckID.c1 != CheckID(rawValue: "C1"))
  }

  @Test func `check ids order by their spelling`() {
    #expect([CheckID.m1, .c3, .hapticContract, .c1].sorted() == [.c1, .c3, .hapticContract, .m1])
  }
}
