import Foundation
import QAModel
import Testing

struct IdentifierTests {
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

  @Test func `every kind of id round-trips as a plain JSON string`() throws {
    struct Ids: Codable, Equatable {
      var item: ItemID
      var method: InputMethodID
      var device: DeviceID
      var field: FieldID
    }
    let ids = Ids(
      item: "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name", method: "zh-pinyin", device: "iphone-16e",
      field: "full-name")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(ids)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"device":"iphone-16e","field":"full-name","item":"manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name","method":"zh-pinyin"}"#
    )
    #expect(try JSONDecoder().decode(Ids.self, from: data) == ids)
  }

  @Test func `an id prints as its spelling, also inside text`() {
    let method: InputMethodID = "ko-2set"
    #expect("switch to \(method)" == "switch to ko-2set")
    #expect(DeviceID(rawValue: "") < DeviceID(rawValue: "a"))
  }
}
