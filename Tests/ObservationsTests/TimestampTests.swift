import Testing

@testable import Observations

struct TimestampTests {
  struct Bad: Sendable, CustomTestStringConvertible {
    var text: String
    var reason: String
    var testDescription: String { text }
  }

  @Test func `a UTC timestamp reads to seconds since 1970`() throws {
    let time = try Timestamp.parse("2026-11-29T18:04:05Z")
    #expect(time.secondsSince1970 == 1_795_975_445)
    #expect(time.nanoseconds == 0)
    #expect(time.text == "2026-11-29T18:04:05Z")
    #expect(try Timestamp.parse("1970-01-01T00:00:00Z").secondsSince1970 == 0)
    #expect(try Timestamp.parse("2024-02-29T23:59:59Z").secondsSince1970 == 1_709_251_199)
    #expect(try Timestamp.parse("2000-02-29T00:00:00Z").secondsSince1970 == 951_782_400)
  }

  // Issue "Every mistake caught early", part 5: offsets are accepted, kept as written, compared in UTC.
  @Test func `an offset is kept as written and compared in UTC`() throws {
    let tokyo = try Timestamp.parse("2026-11-30T03:04:05+09:00")
    let utc = try Timestamp.parse("2026-11-29T18:04:05Z")
    #expect(tokyo.text == "2026-11-30T03:04:05+09:00")
    #expect(tokyo.secondsSince1970 == utc.secondsSince1970)
    #expect(tokyo == utc)
    let newYork = try Timestamp.parse("2026-11-29T13:04:05.5-05:00")
    #expect(newYork > utc)
    #expect(newYork.secondsSince1970 == utc.secondsSince1970)
    #expect(try Timestamp.parse("2026-11-29T18:04:05+00:00") == utc)
  }

  @Test func `fractions order timestamps and equal moments compare equal`() throws {
    let a = try Timestamp.parse("2026-11-29T18:04:05.25Z")
    let b = try Timestamp.parse("2026-11-29T18:04:05.250000000Z")
    let c = try Timestamp.parse("2026-11-29T18:04:05.3Z")
    #expect(a.nanoseconds == 250_000_000)
    #expect(a == b)
    #expect(a < c)
    #expect(try Timestamp.parse("2026-11-29T18:04:05Z") < a)
  }

  @Test func `seconds since 1970 write back as text`() throws {
    for text in [
      "2026-11-29T18:04:05Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2400-02-29T12:00:00Z",
    ] {
      let time = try Timestamp.parse(text)
      #expect(Timestamp(secondsSince1970: time.secondsSince1970).text == text)
    }
    #expect(Timestamp.now().secondsSince1970 > 1_700_000_000)
  }

  @Test(arguments: [
    Bad(text: "2026-11-29 18:04:05Z", reason: "expected YYYY-MM-DDTHH:MM:SSZ"),
    Bad(text: "2026-11-29T18:04Z", reason: "expected YYYY-MM-DDTHH:MM:SSZ"),
    Bad(text: "26-11-29T18:04:05Z", reason: "expected YYYY-MM-DDTHH:MM:SSZ"),
    Bad(text: "2026-11-29t18:04:05Z", reason: "expected YYYY-MM-DDTHH:MM:SSZ"),
    Bad(
      text: "2026-11-29T18:04:05",
      reason: "expected 'Z' (UTC) or an offset such as '+09:00' right after the seconds"),
    Bad(
      text: "2026-11-29T18:04:05+0100",
      reason: "expected 'Z' (UTC) or an offset such as '+09:00' right after the seconds"),
    Bad(
      text: "2026-11-29T18:04:05z",
      reason: "expected 'Z' (UTC) or an offset such as '+09:00' right after the seconds"),
    Bad(
      text: "2026-11-29T18:04:05ZZ",
      reason: "expected 'Z' (UTC) or an offset such as '+09:00' right after the seconds"),
    Bad(text: "2026-11-29T18:04:05+19:00", reason: "an offset from UTC is at most 18:00, with minutes 00-59"),
    Bad(text: "2026-11-29T18:04:05-05:60", reason: "an offset from UTC is at most 18:00, with minutes 00-59"),
    Bad(text: "2026-11-29T18:04:05.Z", reason: "a fraction of a second needs 1 to 9 digits after '.'"),
    Bad(
      text: "2026-11-29T18:04:05.1234567890Z", reason: "a fraction of a second needs 1 to 9 digits after '.'"),
    Bad(text: "2026-13-29T18:04:05Z", reason: "month 13 is out of range 01-12"),
    Bad(text: "2026-00-29T18:04:05Z", reason: "month 0 is out of range 01-12"),
    Bad(text: "2026-02-29T18:04:05Z", reason: "day 29 is out of range 01-28 for that month"),
    Bad(text: "1900-02-29T18:04:05Z", reason: "day 29 is out of range 01-28 for that month"),
    Bad(text: "2026-11-00T18:04:05Z", reason: "day 0 is out of range 01-30 for that month"),
    Bad(text: "2026-11-29T24:00:00Z", reason: "hour 24 is out of range 00-23"),
    Bad(text: "2026-11-29T18:60:05Z", reason: "minute 60 is out of range 00-59"),
    Bad(text: "2026-12-31T23:59:60Z", reason: "second 60 is out of range 00-59"),
    Bad(text: "２０２６-11-29T18:04:05Z", reason: "expected YYYY-MM-DDTHH:MM:SSZ"),
  ])
  func `malformed times are refused with the reason`(_ bad: Bad) {
    #expect(throws: TimestampError.self) { try Timestamp.parse(bad.text) }
    do {
      _ = try Timestamp.parse(bad.text)
    } catch {
      #expect(error.reason == bad.reason)
      #expect(error.description == "malformed time '\(bad.text)': \(bad.reason)")
    }
  }
}
