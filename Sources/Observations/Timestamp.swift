import Effects

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A moment written as ISO 8601, the way observations record it: `2026-11-29T18:04:05Z`, or with the
/// tester's offset from UTC, `2026-11-30T03:04:05+09:00`.
///
/// Parsing is strict: four-digit year, two-digit month, day, hour, minute and second, an optional
/// fraction of 1 to 9 digits (`.250`), and `Z` or an offset `±HH:MM` (up to 18 hours). Lower-case
/// `t`/`z`, spaces, offsets without a colon, leap seconds and impossible dates (`2026-02-29`) are
/// refused. Timestamps order and compare by the moment they denote, in UTC (`…18:04:05Z` equals
/// `…03:04:05+09:00` of the next day); the text is kept as written.
///
/// ```swift
/// let time = try Timestamp.parse("2026-11-29T18:04:05Z")
/// time.secondsSince1970  // 1795975445
/// ```
package struct Timestamp: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The text as written.
  package let text: String
  /// Whole seconds since 1970-01-01T00:00:00Z.
  package let secondsSince1970: Int64
  /// Nanoseconds past ``secondsSince1970``, from the fraction.
  package let nanoseconds: Int32

  /// The text as written.
  package var description: String { text }

  /// The timestamp for whole seconds since 1970, written without a fraction.
  ///
  /// - Parameter secondsSince1970: Seconds since 1970-01-01T00:00:00Z; years 0000 to 9999 only
  ///   (others are clamped to that range).
  package init(secondsSince1970 seconds: Int64) {
    let clamped = min(max(seconds, Self.minSeconds), Self.maxSeconds)
    let days = Self.floorDiv(clamped, 86_400)
    let secondsOfDay = clamped - days * 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
      + "\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    secondsSince1970 = clamped
    nanoseconds = 0
  }

  private init(text: String, seconds: Int64, nanoseconds: Int32) {
    self.text = text
    self.secondsSince1970 = seconds
    self.nanoseconds = nanoseconds
  }

  /// The current time, to the second, from `clock` (the system clock by default).
  package static func now(_ clock: any WallClock = SystemWallClock()) -> Timestamp {
    Timestamp(secondsSince1970: clock.secondsSince1970())
  }

  /// How far ahead of the clock a recorded time may be, in seconds: clocks of testers' machines differ
  /// by a little, never by more than five minutes.
  package static let allowedClockSkew: Int64 = 300

  /// Why this time cannot be recorded at `now`, or `nil`: a time more than ``allowedClockSkew`` ahead
  /// of the clock would decide its item forever (no later record could supersede it) and date the
  /// report in the future.
  ///
  /// ```swift
  /// try Timestamp.parse("2030-12-01T10:00:00Z").aheadProblem(of: .now())
  /// // "time '2030-12-01T10:00:00Z' is 4 years ahead of the clock (…); …"
  /// ```
  package func aheadProblem(of now: Timestamp) -> String? {
    let ahead = secondsSince1970 - now.secondsSince1970
    guard ahead > Self.allowedClockSkew else { return nil }
    return
      "time '\(text)' is \(Self.duration(ahead)) ahead of the clock (\(now.text)); a time from the future "
      + "would decide its item for good, so at most \(Self.allowedClockSkew / 60) minutes ahead is accepted"
  }

  /// `4 years`, `3 days`, `2 hours`, `7 minutes`: the largest whole unit.
  static func duration(_ seconds: Int64) -> String {
    let units: [(Int64, String)] = [(365 * 86_400, "year"), (86_400, "day"), (3600, "hour"), (60, "minute")]
    for (size, name) in units where seconds >= size {
      let count = seconds / size
      return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
    return "\(seconds) seconds"
  }

  package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
  }

  /// Two timestamps are equal when they denote the same moment (`…05Z` and `…05.000Z` are equal).
  package static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 == rhs.secondsSince1970 && lhs.nanoseconds == rhs.nanoseconds
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(secondsSince1970)
    hasher.combine(nanoseconds)
  }

  /// Reads a strict ISO 8601 UTC timestamp.
  ///
  /// - Parameter text: Such as `2026-11-29T18:04:05Z` or `2026-11-29T18:04:05.250Z`.
  /// - Returns: The timestamp, keeping `text`.
  /// - Throws: ``TimestampError`` saying what is wrong (`month 13 is out of range 01-12`).
  package static func parse(_ text: String) throws(TimestampError) -> Timestamp {
    let bytes = Array(text.utf8)
    func digits(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count else { return nil }
      var value: Int64 = 0
      for i in range {
        let b = bytes[i]
        guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(b - UInt8(ascii: "0"))
      }
      return value
    }
    func byte(_ i: Int, is c: Unicode.Scalar) -> Bool { i < bytes.count && bytes[i] == UInt8(ascii: c) }
    guard bytes.count >= 19, let year = digits(0..<4), byte(4, is: "-"), let month = digits(5..<7),
      byte(7, is: "-"), let day = digits(8..<10), byte(10, is: "T"), let hour = digits(11..<13),
      byte(13, is: ":"), let minute = digits(14..<16), byte(16, is: ":"), let second = digits(17..<19)
    else { throw TimestampError(text: text, problem: .shape) }
    var nanos: Int64 = 0
    var index = 19
    if byte(index, is: ".") {
      index += 1
      let fractionStart = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        index += 1
      }
      let count = index - fractionStart
      guard count >= 1, count <= 9, let fraction = digits(fractionStart..<index) else {
        throw TimestampError(text: text, problem: .fraction)
      }
      nanos = fraction
      for _ in count..<9 { nanos *= 10 }
    }
    var offsetSeconds: Int64 = 0
    if byte(index, is: "+") || byte(index, is: "-") {
      guard bytes.count == index + 6, let offsetHours = digits((index + 1)..<(index + 3)),
        byte(index + 3, is: ":"),
        let offsetMinutes = digits((index + 4)..<(index + 6))
      else { throw TimestampError(text: text, problem: .zone) }
      guard offsetHours <= 18, offsetMinutes <= 59, offsetHours * 60 + offsetMinutes <= 18 * 60 else {
        throw TimestampError(text: text, problem: .offset)
      }
      offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (byte(index, is: "-") ? -1 : 1)
    } else if !byte(index, is: "Z") || index + 1 != bytes.count {
      throw TimestampError(text: text, problem: .zone)
    }
    guard (1...12).contains(month) else { throw TimestampError(text: text, problem: .month(Int(month))) }
    let monthDays = daysIn(month: month, year: year)
    guard (1...monthDays).contains(day) else {
      throw TimestampError(text: text, problem: .day(Int(day), daysInMonth: Int(monthDays)))
    }
    guard hour <= 23 else { throw TimestampError(text: text, problem: .hour(Int(hour))) }
    guard minute <= 59 else { throw TimestampError(text: text, problem: .minute(Int(minute))) }
    guard second <= 59 else { throw TimestampError(text: text, problem: .second(Int(second))) }
    let seconds =
      days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Timestamp(text: text, seconds: seconds, nanoseconds: Int32(nanos))
  }

  static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static let minSeconds: Int64 = days(fromCivil: 0, 1, 1) * 86_400
  static let maxSeconds: Int64 = days(fromCivil: 9999, 12, 31) * 86_400 + 86_399
}

/// Why a text is not a strict ISO 8601 UTC timestamp.
package struct TimestampError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with it.
  package enum Problem: Hashable, Sendable {
    /// Not `YYYY-MM-DDTHH:MM:SS`.
    case shape
    /// A `.` not followed by 1 to 9 digits.
    case fraction
    /// Not ending in `Z` or `±HH:MM` right after the seconds or fraction.
    case zone
    /// An offset beyond ±18:00 or with minutes past 59.
    case offset
    /// A month outside 01-12.
    case month(Int)
    /// A day the month does not have.
    case day(Int, daysInMonth: Int)
    /// An hour past 23.
    case hour(Int)
    /// A minute past 59.
    case minute(Int)
    /// A second past 59 (leap seconds are refused).
    case second(Int)
  }

  /// The text that was read.
  package var text: String
  /// What is wrong with it.
  package var problem: Problem

  /// Creates an error.
  package init(text: String, problem: Problem) {
    self.text = text
    self.problem = problem
  }

  /// What is wrong, without the text: `month 13 is out of range 01-12`.
  package var reason: String {
    switch problem {
    case .shape: "expected YYYY-MM-DDTHH:MM:SSZ"
    case .fraction: "a fraction of a second needs 1 to 9 digits after '.'"
    case .zone: "expected 'Z' (UTC) or an offset such as '+09:00' right after the seconds"
    case .offset: "an offset from UTC is at most 18:00, with minutes 00-59"
    case .month(let m): "month \(m) is out of range 01-12"
    case .day(let d, let n): "day \(d) is out of range 01-\(n) for that month"
    case .hour(let h): "hour \(h) is out of range 00-23"
    case .minute(let m): "minute \(m) is out of range 00-59"
    case .second(let s): "second \(s) is out of range 00-59"
    }
  }

  /// `malformed time '…': reason`.
  package var description: String { "malformed time '\(text)': \(reason)" }
}
