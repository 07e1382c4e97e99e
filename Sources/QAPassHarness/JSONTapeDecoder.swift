import Foundation

/// Decodes a `Decodable` value from a ``JSONTape``: the fast path of reading packs and results.
///
/// It decodes what Foundation's `JSONDecoder` (default strategies) decodes the same way, and refuses
/// the rest: a missing key or a value of another type, a number that is not the type's, and the types
/// `JSONDecoder` treats specially (`Data`, `Date`, `URL`, `Decimal`). A refusal carries no message; the
/// caller decodes again with `JSONDecoder`, whose errors users see, so this decoder never needs to
/// say what went wrong and keeps no coding path.
///
/// ```swift
/// let bytes = Array(#"{"check":"c1","id":"c1-0001","reason":"not in m17n-db"}"#.utf8)
/// var tape = JSONTape()
/// let missing = try bytes.withUnsafeBufferPointer { buffer in
///   _ = tape.parse(buffer, from: 0)
///   return try JSONTapeDecoder.decode(UnexportedItem.self, entries: tape.entries, bytes: buffer)
/// }
/// ```
struct JSONTapeDecoder: Decoder {
  /// Thrown for whatever this decoder leaves to `JSONDecoder`.
  struct Refusal: Error {}

  /// Values already decoded from the same bytes, by type: a pack repeats the same steps, actions and
  /// expectations in item after item, and a value type decoded from the same bytes is the same value.
  ///
  /// Keys point into the buffer being read, so a memo lives for one read of one buffer. It remembers
  /// containers (objects and arrays) of at most ``largest`` bytes the second time it decodes them (a
  /// value seen once, such as a whole item, is seldom seen again), ``budget`` bytes of them in all,
  /// then only looks up.
  final class Memo {
    struct Key: Hashable {
      let type: ObjectIdentifier
      let bytes: UnsafeBufferPointer<UInt8>
      let hash: Int

      init(type: ObjectIdentifier, bytes: UnsafeBufferPointer<UInt8>) {
        self.type = type
        self.bytes = bytes
        hash = Self.quickHash(UnsafeRawBufferPointer(bytes)) ^ type.hashValue
      }

      /// A hash of `bytes` about four times as quick as `Hasher`'s, two words at a time: equal keys
      /// are still compared byte by byte, so a collision costs one comparison, and `Dictionary` seeds
      /// the hash again through ``hash(into:)``.
      static func quickHash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var first = UInt64(bytes.count) &* multiplier
        var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var offset = 0
        while offset + 16 <= bytes.count {
          first = (first ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
          second = (second ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
          first ^= first >> 29
          second ^= second >> 31
          offset += 16
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
        var mixed = (first ^ (second << 23 | second >> 41) ^ tail) &* multiplier
        mixed ^= mixed >> 32
        return Int(truncatingIfNeeded: mixed)
      }

      func hash(into hasher: inout Hasher) { hasher.combine(hash) }

      static func == (a: Key, b: Key) -> Bool {
        guard a.hash == b.hash, a.type == b.type, a.bytes.count == b.bytes.count else { return false }
        guard let left = a.bytes.baseAddress, let right = b.bytes.baseAddress, left != right else {
          return true
        }
        return memcmp(left, right, a.bytes.count) == 0
      }
    }

    /// The longest container remembered, in bytes.
    static let largest = 16 << 10
    /// How many bytes of containers are remembered at most.
    static let budget = 8 << 20

    private var values: [Key: Any] = [:]
    private var remembered = 0
    /// The hashes of the keys decoded once, at most ``budget`` / 64 of them.
    private var seen: Set<Int> = []

    func value<T>(_ key: Key, as: T.Type) -> T? { values[key] as? T }

    func remember(_ value: Any, for key: Key) {
      guard remembered + key.bytes.count <= Self.budget else { return }
      guard seen.contains(key.hash) else {
        if seen.count < Self.budget / 64 { seen.insert(key.hash) }
        return
      }
      values[key] = value
      remembered += key.bytes.count
    }
  }

  /// The tape and its bytes, shared by the decoders and containers of one value.
  final class Source {
    let bytes: UnsafeBufferPointer<UInt8>
    let entries: [JSONTape.Entry]
    let memo: Memo?

    init(bytes: UnsafeBufferPointer<UInt8>, entries: [JSONTape.Entry], memo: Memo?) {
      self.bytes = bytes
      self.entries = entries
      self.memo = memo
    }

    /// The index of the entry after the value at `index` (and its descendants).
    func next(after index: Int) -> Int {
      switch entries[index].kind {
      case .array, .object: entries[index].end
      default: index + 1
      }
    }

    func string(at index: Int) throws(Refusal) -> String {
      let entry = entries[index]
      guard entry.kind == .string || entry.kind == .escapedString else { throw Refusal() }
      return JSONTape.string(entry, in: bytes)
    }

    func bool(at index: Int) throws(Refusal) -> Bool {
      switch entries[index].kind {
      case .trueValue: true
      case .falseValue: false
      default: throw Refusal()
      }
    }

    /// An integer written as one: optional minus and digits, in range.
    func integer<T: FixedWidthInteger>(at index: Int) throws(Refusal) -> T {
      let entry = entries[index]
      guard entry.kind == .number else { throw Refusal() }
      var offset = entry.start
      let negative = bytes[offset] == UInt8(ascii: "-")
      if negative { offset += 1 }
      var value: T = 0
      while offset < entry.end {
        let byte = bytes[offset]
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { throw Refusal() }
        let digit = T(byte - UInt8(ascii: "0"))
        let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) =
          negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
        guard !overflow && !overflow2 else { throw Refusal() }
        value = sum
        offset += 1
      }
      return value
    }

    func double(at index: Int) throws(Refusal) -> Double {
      let entry = entries[index]
      guard entry.kind == .number,
        let value = Double(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end]), as: UTF8.self)),
        value.isFinite
      else { throw Refusal() }
      return value
    }

    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
      // The primitives directly; the types JSONDecoder decodes its own way are left to it.
      if T.self == String.self { return try string(at: index) as! T }
      if T.self == Int.self { return try integer(at: index) as Int as! T }
      if T.self == Bool.self { return try bool(at: index) as! T }
      if T.self == Double.self { return try double(at: index) as! T }
      // A pack item's configuration and a field's rules, without the containers' protocol calls.
      if T.self == [String: String].self { return try stringDictionary(at: index) as! T }
      if T.self == [String].self { return try strings(at: index) as! T }
      if T.self == Data.self || T.self == Date.self || T.self == URL.self || T.self == Decimal.self {
        throw Refusal()
      }
      let entry = entries[index]
      // The value a decoding starts at (a whole item) is not looked up: it is seldom seen again.
      guard let memo, index > 0, entry.kind == .array || entry.kind == .object,
        entry.close - entry.start <= Memo.largest,
        !(T.self is AnyClass)
      else { return try T(from: JSONTapeDecoder(source: self, index: index)) }
      let key = Memo.Key(
        type: ObjectIdentifier(T.self), bytes: UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.close])
      )
      if let value = memo.value(key, as: T.self) { return value }
      let value = try T(from: JSONTapeDecoder(source: self, index: index))
      memo.remember(value, for: key)
      return value
    }

    /// The object at `index` as `[String: String]`, as `Dictionary`'s `init(from:)` decodes it.
    func stringDictionary(at index: Int) throws(Refusal) -> [String: String] {
      guard entries[index].kind == .object else { throw Refusal() }
      var dictionary: [String: String] = [:]
      dictionary.reserveCapacity(entries[index].count)
      var member = index + 1
      for _ in 0..<entries[index].count {
        dictionary[JSONTape.string(entries[member], in: bytes)] = try string(at: member + 1)
        member = next(after: member + 1)
      }
      return dictionary
    }

    /// The array at `index` as `[String]`.
    func strings(at index: Int) throws(Refusal) -> [String] {
      guard entries[index].kind == .array else { throw Refusal() }
      var strings: [String] = []
      strings.reserveCapacity(entries[index].count)
      var element = index + 1
      for _ in 0..<entries[index].count {
        strings.append(try string(at: element))
        element = next(after: element)
      }
      return strings
    }

    /// The value of `key` in the object at `object`, or `nil`.
    func member(_ key: String, in object: Int) -> Int? {
      var utf8 = key
      return utf8.withUTF8 { utf8 in
        let ascii = utf8.allSatisfy { $0 < 0x80 }
        var index = object + 1
        for _ in 0..<entries[object].count {
          if JSONTape.string(entries[index], in: bytes, equals: utf8, ascii: ascii)
            ?? (JSONTape.string(entries[index], in: bytes) == key)
          {
            return index + 1
          }
          index = next(after: index + 1)
        }
        return nil
      }
    }
  }

  let source: Source
  let index: Int

  /// Decodes the value the tape's first entry holds.
  ///
  /// - Parameter memo: Values decoded earlier from the same buffer (``Memo``), if any.
  /// - Throws: ``Refusal`` for anything left to `JSONDecoder`, or what `T`'s own `init(from:)`
  ///   throws.
  static func decode<T: Decodable>(
    _ type: T.Type, entries: [JSONTape.Entry], bytes: UnsafeBufferPointer<UInt8>, memo: Memo? = nil
  ) throws -> T {
    try Source(bytes: bytes, entries: entries, memo: memo).decode(T.self, at: 0)
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard source.entries[index].kind == .object else { throw Refusal() }
    return KeyedDecodingContainer(KeyedContainer<Key>(source: source, object: index))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard source.entries[index].kind == .array else { throw Refusal() }
    return UnkeyedContainer(source: source, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(source: source, index: index)
  }

  // MARK: Containers

  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: Source
    let object: Int

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
      var keys: [Key] = []
      var index = object + 1
      for _ in 0..<source.entries[object].count {
        if let key = Key(stringValue: JSONTape.string(source.entries[index], in: source.bytes)) {
          keys.append(key)
        }
        index = source.next(after: index + 1)
      }
      return keys
    }

    func contains(_ key: Key) -> Bool { source.member(key.stringValue, in: object) != nil }

    func value(_ key: Key) throws(Refusal) -> Int {
      guard let index = source.member(key.stringValue, in: object) else { throw Refusal() }
      return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { source.entries[try value(key)].kind == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try source.decode(T.self, at: try value(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard let index = present(key) else { return nil }
      return try source.decode(T.self, at: index)
    }

    /// The entry of `key`'s value unless it is missing or null.
    func present(_ key: Key) -> Int? {
      guard let index = source.member(key.stringValue, in: object), source.entries[index].kind != .null else {
        return nil
      }
      return index
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try present(key).map { index throws(Refusal) in try source.string(at: index) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      try present(key).map { index throws(Refusal) in try source.bool(at: index) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try present(key).map { index throws(Refusal) in try source.integer(at: index) as Int }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.bool(at: try value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try source.string(at: try value(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      try source.double(at: try value(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw Refusal() }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try source.integer(at: value(key)) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try source.integer(at: value(key)) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try source.integer(at: value(key)) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try source.integer(at: value(key)) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try source.integer(at: value(key)) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try source.integer(at: value(key)) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try source.integer(at: value(key)) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try source.integer(at: value(key)) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try source.integer(at: value(key)) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.integer(at: value(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try JSONTapeDecoder(source: source, index: try value(key)).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try JSONTapeDecoder(source: source, index: try value(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw Refusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Refusal() }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let source: Source
    let array: Int
    /// The entry of the next element.
    var position: Int
    private(set) var currentIndex = 0

    init(source: Source, array: Int) {
      self.source = source
      self.array = array
      position = array + 1
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { source.entries[array].count }
    var isAtEnd: Bool { currentIndex >= source.entries[array].count }

    /// The next element's entry, moving past it.
    mutating func take() throws(Refusal) -> Int {
      guard !isAtEnd else { throw Refusal() }
      let index = position
      position = source.next(after: index)
      currentIndex += 1
      return index
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd else { throw Refusal() }
      guard source.entries[position].kind == .null else { return false }
      _ = try take()
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try source.decode(T.self, at: try take())
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try source.bool(at: try take()) }
    mutating func decode(_ type: String.Type) throws -> String { try source.string(at: try take()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try source.double(at: try take()) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw Refusal() }
    mutating func decode(_: Int.Type) throws -> Int { try source.integer(at: take()) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try source.integer(at: take()) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try source.integer(at: take()) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try source.integer(at: take()) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try source.integer(at: take()) }
    mutating func decode(_: UInt.Type) throws -> UInt { try source.integer(at: take()) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try source.integer(at: take()) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try source.integer(at: take()) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try source.integer(at: take()) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try source.integer(at: take()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try JSONTapeDecoder(source: source, index: try take()).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try JSONTapeDecoder(source: source, index: try take()).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw Refusal() }
  }

  struct SingleValueContainer: SingleValueDecodingContainer {
    let source: Source
    let index: Int

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { source.entries[index].kind == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try source.decode(T.self, at: index) }
    func decode(_ type: Bool.Type) throws -> Bool { try source.bool(at: index) }
    func decode(_ type: String.Type) throws -> String { try source.string(at: index) }
    func decode(_ type: Double.Type) throws -> Double { try source.double(at: index) }
    func decode(_ type: Float.Type) throws -> Float { throw Refusal() }
    func decode(_: Int.Type) throws -> Int { try source.integer(at: index) }
    func decode(_: Int8.Type) throws -> Int8 { try source.integer(at: index) }
    func decode(_: Int16.Type) throws -> Int16 { try source.integer(at: index) }
    func decode(_: Int32.Type) throws -> Int32 { try source.integer(at: index) }
    func decode(_: Int64.Type) throws -> Int64 { try source.integer(at: index) }
    func decode(_: UInt.Type) throws -> UInt { try source.integer(at: index) }
    func decode(_: UInt8.Type) throws -> UInt8 { try source.integer(at: index) }
    func decode(_: UInt16.Type) throws -> UInt16 { try source.integer(at: index) }
    func decode(_: UInt32.Type) throws -> UInt32 { try source.integer(at: index) }
    func decode(_: UInt64.Type) throws -> UInt64 { try source.integer(at: index) }
  }
}
