/// One step of a composition script: when it happens, what happens, and what must be seen
/// afterwards.
///
/// Time (``VirtualClock``): the step's actions happen ``delayMilliseconds`` after the previous step
/// ended (at once when `nil`). A step that checks something ends once the script's
/// ``CompositionPolicies/settleMilliseconds`` have passed after its actions, and its checks are read
/// then; a step that checks nothing ends with its actions. So "submit 100 ms after the last key" is
/// a step with a delay of 100 after a key step that checks nothing.
public struct CompositionStep: Codable, Hashable, Sendable {
  /// A short label for reports: the key typed (`key 3 'a'`), `commit (focus-out)`, `paste`, ….
  public var label: String
  /// Milliseconds between the end of the previous step and these actions; `nil` means 0.
  public var delayMilliseconds: Int?
  /// The operations and events, in order.
  public var actions: [FieldAction]
  /// The observable state after the actions; members left out are not checked.
  public var expect: FieldExpectation
  /// The reference field's marked range after the step (for traces; not checked).
  public var marked: PackRange?
  /// The reference field's selection after the step (for traces; not checked).
  public var selection: PackRange

  /// The longest ``delayMilliseconds`` a pack may give: an hour.
  public static let maxDelayMilliseconds = 3_600_000

  /// A step's delay read from `container`, `nil` when left out; one outside 0 through
  /// ``maxDelayMilliseconds`` is a data error at its place (composition and save-flow steps alike).
  static func delay<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Int?
  {
    let delay = try container.decodeIfPresent(Int.self, forKey: key)
    if let delay, !(0...maxDelayMilliseconds).contains(delay) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: PackLimits.outOfRange(delay, 0...maxDelayMilliseconds, "milliseconds"))
    }
    return delay
  }

  /// Creates a step.
  public init(
    label: String, delayMilliseconds: Int? = nil, actions: [FieldAction], expect: FieldExpectation,
    marked: PackRange?, selection: PackRange
  ) {
    self.label = label
    self.delayMilliseconds = delayMilliseconds
    self.actions = actions
    self.expect = expect
    self.marked = marked
    self.selection = selection
  }
}
